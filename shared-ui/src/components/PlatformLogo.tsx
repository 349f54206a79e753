import type { CoursePlatform } from '@site/shared-ui/rows';
import styles from './PlatformLogo.module.css';

const platformNames: Record<CoursePlatform, string> = {
  YOUTUBE: 'YouTube',
  UDEMY: 'Udemy',
  SKILLSHARE: 'Skillshare',
};

/** The platform's name as people write it ("Skillshare"); the stored value if the platform is unknown here. */
export function platformName(platform: CoursePlatform): string {
  return platformNames[platform] ?? platform;
}

// A known platform's mark keeps the platform's own colours in both themes (it is their logo); the neutral one follows
// the theme.
function PlatformMark({ platform }: { platform: CoursePlatform }) {
  switch (platform) {
    case 'YOUTUBE':
      return (
        <>
          <rect x="1" y="4" width="22" height="16" rx="5" fill="#e00000" />
          <path d="M10 8.5v7l6-3.5z" fill="#fff" />
        </>
      );
    case 'UDEMY':
      return (
        <>
          <rect width="24" height="24" rx="6" fill="#5624d0" />
          <path d="M7 7h2.6v6a2.4 2.4 0 0 0 4.8 0V7H17v6a5 5 0 0 1-10 0z" fill="#fff" />
        </>
      );
    case 'SKILLSHARE':
      return (
        <>
          <rect width="24" height="24" rx="6" fill="#00664f" />
          <path
            d="M15.6 8.4c-.6-1-1.9-1.7-3.5-1.7-2.1 0-3.6 1.2-3.6 2.8 0 3.5 6 2.1 6 4.4 0 .8-.9 1.4-2.3 1.4-1.3 0-2.3-.6-2.8-1.5l-1.6.9c.8 1.4 2.4 2.3 4.4 2.3 2.4 0 4.1-1.3 4.1-3.1 0-3.7-6-2.4-6-4.4 0-.7.8-1.2 1.9-1.2 1 0 1.8.4 2.2 1.1z"
            fill="#fff"
          />
        </>
      );
    default:
      // A platform added to the database before the kit knows it: a neutral mark; the name still says which.
      return <rect className={styles.neutralMark} width="24" height="24" rx="6" />;
  }
}

interface PlatformLogoProps {
  platform: CoursePlatform;
  /**
   * Show the platform in capitals beside its mark, as the spec's labels (UDEMY). Without it the mark alone is an
   * image named for the platform ("Udemy").
   */
  showLabel?: boolean;
  size?: 'small' | 'large';
  className?: string;
}

export function PlatformLogo({ platform, showLabel = false, size = 'small', className }: PlatformLogoProps) {
  return (
    <span className={[styles.logo, className].filter(Boolean).join(' ')}>
      <svg
        className={`${styles.mark} ${styles[size]}`}
        viewBox="0 0 24 24"
        role={showLabel ? undefined : 'img'}
        aria-label={showLabel ? undefined : platformName(platform)}
        aria-hidden={showLabel ? true : undefined}
        focusable="false"
      >
        <PlatformMark platform={platform} />
      </svg>
      {showLabel && <span>{platform}</span>}
    </span>
  );
}
