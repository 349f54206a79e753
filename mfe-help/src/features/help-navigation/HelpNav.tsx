import { NavLink } from '@site/shared-ui/router';
import { helpPages } from '@site/shared-ui/siteMap';
import styles from './HelpNav.module.css';

function linkClassName({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

/** Moves between the help pages; NavLink marks the page on screen with aria-current="page". */
export function HelpNav() {
  return (
    <nav className={styles.nav} aria-label="Help pages">
      <ul className={styles.list}>
        <li>
          <NavLink to="/help" end className={linkClassName}>
            Overview
          </NavLink>
        </li>
        {helpPages.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} className={linkClassName}>
              {page.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
