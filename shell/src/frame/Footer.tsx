import { Link } from '@site/shared-ui/router';
import { owner } from '@site/shared-ui/owner';
import { ExternalLink } from '@site/shared-ui/Button';
import { ServerHtml } from '@site/shared-ui/ServerHtml';
import { publish } from '@site/shared-ui/eventBus';
import { Logo } from './Logo.tsx';
import { footerLinkGroups } from '@site/shared-ui/siteMap';
import { SocialIcon } from './SocialIcon.tsx';
import { useCurrentYear } from './useCurrentYear.ts';
import styles from './Footer.module.css';

export const footerTagline = 'Plan in decades. Think in years. Work by month. Live in days.';

export function Footer() {
  const year = useCurrentYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Link
            to="/"
            className={styles.brand}
            aria-label="Home page"
            onClick={() => publish({ name: 'userRoutesFromFooter', route: '/' })}
          >
            <Logo />
          </Link>
          <p className={styles.tagline}>{footerTagline}</p>
          {/* Links out with their icons: nothing here needs code, the page keeps the server's HTML (ServerHtml). */}
          <ServerHtml as="ul" className={styles.social} aria-label="Social profiles">
            {owner.socialProfiles.map((profile) => (
              <li key={profile.network}>
                <ExternalLink
                  href={profile.url}
                  className={styles.socialLink}
                  aria-label={`${profile.label} (opens in a new tab)`}
                >
                  <SocialIcon network={profile.network} />
                </ExternalLink>
              </li>
            ))}
          </ServerHtml>
        </div>
        <nav className={styles.groups} aria-label="Footer">
          {footerLinkGroups.map((group) => (
            <div key={group.title} className={styles.group}>
              <h2 className={styles.groupTitle}>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className={styles.link}
                      onClick={() => publish({ name: 'userRoutesFromFooter', route: link.to })}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.copyright}>
        © <span data-testid="copyright-year">{year}</span> {owner.name}. All rights reserved.
      </p>
    </footer>
  );
}
