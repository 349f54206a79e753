import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@site/shared-ui/router';
import { ExternalLink } from '@site/shared-ui/Button';
import { publish } from '@site/shared-ui/eventBus';
import { layout } from '@site/shared-ui/tokens';
import { ThemeToggle } from './ThemeToggle.tsx';
import { Logo } from './Logo.tsx';
import { blogLink, navbarLinks } from '@site/shared-ui/siteMap';
import { useScrolledPast } from './useScrolledPast.ts';
import styles from './Navbar.module.css';

export function Navbar() {
  const compact = useScrolledPast(layout.navbarShrinkScrollPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={[styles.navbar, compact ? styles.compact : ''].join(' ')} data-compact={compact}>
      <nav className={styles.inner} aria-label="Main">
        <Link
          to="/"
          className={styles.brand}
          aria-label="Home page"
          onClick={() => publish({ name: 'userRoutes', route: '/' })}
        >
          <Logo compact={compact} />
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          Menu
        </button>
        <div id="main-menu" className={[styles.menu, menuOpen ? styles.open : ''].join(' ')}>
          <ul className={styles.links}>
            {navbarLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={styles.link}
                  onClick={() => publish({ name: 'userRoutes', route: link.to })}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <ExternalLink href={blogLink.href} className={styles.link}>
                {blogLink.label}
              </ExternalLink>
            </li>
          </ul>
          <ThemeToggle className={styles.themeToggle} />
        </div>
      </nav>
    </header>
  );
}
