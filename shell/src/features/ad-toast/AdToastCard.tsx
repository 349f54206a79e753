import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from '@site/shared-ui/Button';
import { publish } from '@site/shared-ui/eventBus';
import type { Ad } from '@site/shared-ui/rows';
import styles from './AdToast.module.css';

export interface AdToastCardProps {
  ad: Ad;
  /** Called once the card has gone after its close button (its way out animated, where anything animates). */
  onDismissed: () => void;
}

/** The size the ad image is drawn at; width and height are set so nothing moves when it arrives. */
const AD_IMAGE_SIZE_PX = 88;

/**
 * The ad card, fixed at the bottom left (full width at 544 px or less). Its stylesheet slides it in from the left and,
 * once dismissed, out again before it goes; a visitor who prefers reduced motion sees it fade instead. It is fixed and
 * moves by transform only, so it never moves the page.
 */
export function AdToastCard({ ad, onDismissed }: AdToastCardProps) {
  const [leaving, setLeaving] = useState(false);
  const toast = useRef<HTMLElement>(null);

  // Gone at once where nothing animates the way out (no stylesheet, no animations in this browser).
  useEffect(() => {
    if (leaving && !(toast.current?.getAnimations?.().length ?? 0)) onDismissed();
  }, [leaving, onDismissed]);

  return (
    <aside
      ref={toast}
      className={leaving ? `${styles.toast} ${styles.leaving}` : styles.toast}
      aria-label="Advertisement"
      data-testid="ad-toast"
      onAnimationEnd={(event) => {
        if (leaving && event.target === event.currentTarget) onDismissed();
      }}
    >
      <ExternalLink
        href={ad.link}
        className={styles.link}
        onClick={() => publish({ name: 'userClicksOnAd', adTitle: ad.title })}
      >
        {ad.imagePath && (
          <img
            className={styles.image}
            src={ad.imagePath}
            alt=""
            width={AD_IMAGE_SIZE_PX}
            height={AD_IMAGE_SIZE_PX}
            decoding="async"
          />
        )}
        <span className={styles.text}>
          <span className={styles.title}>{ad.title}</span>
          {ad.description && <span className={styles.description}>{ad.description}</span>}
          {ad.promoPercent !== null && <span className={styles.promo}>GET {ad.promoPercent}% OFF!</span>}
        </span>
      </ExternalLink>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss the ad"
        onClick={() => setLeaving(true)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
