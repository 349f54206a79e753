import { owner } from '@site/shared-ui/owner';
import styles from './Logo.module.css';

/** The owner's monogram and name. Compact once the page has scrolled. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={[styles.logo, compact ? styles.compact : ''].join(' ')}>
      <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" fill="#0a6391" />
        <path d="M9 36 17.5 12h4L30 36h-4.4l-2-5.8h-8.2l-2 5.8zm7.6-9.4h5.8L19.5 18z" fill="#fff" />
        <path d="M29 36V16h3.9l3.6 9.6 3.6-9.6H44v20h-3.4V22.6L37.8 30h-2.6l-2.8-7.4V36z" fill="#28a7e9" />
      </svg>
      <span className={styles.name}>{owner.name}</span>
    </span>
  );
}
