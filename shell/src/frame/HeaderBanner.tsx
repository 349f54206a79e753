import type { ReactNode } from 'react';
import { Link } from '@site/shared-ui/router';
import styles from './HeaderBanner.module.css';

/** The home page's hero offers its next steps as links: a route of the site, or an anchor (#contact). */
export interface HeroLinks {
  links: { label: string; to: string }[];
}

interface HeaderBannerProps {
  title: ReactNode;
  text?: string;
  hero?: HeroLinks;
}

/** The banner at the top of every page, with the page's one h1; on the home page, a hero that fills the first screen. */
export function HeaderBanner({ title, text, hero }: HeaderBannerProps) {
  return (
    <section
      className={hero ? `${styles.banner} ${styles.hero}` : styles.banner}
      aria-labelledby="page-heading"
    >
      <div className={styles.inner}>
        <h1 id="page-heading" className={styles.title}>
          {title}
        </h1>
        {text && <p className={styles.text}>{text}</p>}
        {hero && (
          <p className={styles.actions}>
            {hero.links.map((link, index) =>
              link.to.startsWith('#') ? (
                <a key={link.to} href={link.to} className={styles.action}>
                  {link.label}
                </a>
              ) : (
                <Link
                  key={link.to}
                  to={link.to}
                  className={index === 0 ? `${styles.action} ${styles.primary}` : styles.action}
                >
                  {link.label}
                </Link>
              ),
            )}
          </p>
        )}
      </div>
    </section>
  );
}
