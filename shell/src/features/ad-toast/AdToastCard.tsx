import { AnimatePresence, domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import { useState } from 'react';
import { ExternalLink } from '@site/shared-ui/Button';
import { publish } from '@site/shared-ui/eventBus';
import type { Ad } from '@site/shared-ui/rows';
import styles from './AdToast.module.css';

export interface AdToastCardProps {
  ad: Ad;
}

/** The size the ad image is drawn at; width and height are set so nothing moves when it arrives. */
const AD_IMAGE_SIZE_PX = 88;

/** Off-screen to the left, where the toast slides in from; in place for visitors who prefer reduced motion. */
const slidOut = { x: '-110%', opacity: 0 };
const fadedOut = { x: 0, opacity: 0 };
const shown = { x: 0, opacity: 1 };

/**
 * The ad card, fixed at the bottom left (full width at 544 px or less). It slides in with framer-motion's smallest
 * setup (LazyMotion + domAnimation + `m`), and only fades for visitors who prefer reduced motion. It is fixed, so
 * it never moves the page.
 */
export function AdToastCard({ ad }: AdToastCardProps) {
  const [dismissed, setDismissed] = useState(false);
  const hidden = useReducedMotion() ? fadedOut : slidOut;
  return (
    <LazyMotion features={domAnimation} strict>
      <AnimatePresence>
        {!dismissed && (
          <m.aside
            key="ad-toast"
            className={styles.toast}
            aria-label="Advertisement"
            data-testid="ad-toast"
            initial={hidden}
            animate={shown}
            exit={hidden}
            transition={{ duration: 0.45, ease: 'easeOut' }}
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
                {ad.promoPercent !== null && (
                  <span className={styles.promo}>GET {ad.promoPercent}% OFF!</span>
                )}
              </span>
            </ExternalLink>
            <button
              type="button"
              className={styles.dismiss}
              aria-label="Dismiss the ad"
              onClick={() => setDismissed(true)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </m.aside>
        )}
      </AnimatePresence>
    </LazyMotion>
  );
}
