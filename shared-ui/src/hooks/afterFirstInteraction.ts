// Enhancements the first view does not need (live updates) start when the visitor first engages with the page, or a
// few seconds after it loaded, whichever comes first. The page's first seconds stay free for what the visitor sees.
import { onPageLoaded } from '@site/shared-ui/pageLoaded';

/** At the latest this long after the load event. */
export const ENHANCEMENT_FALLBACK_MS = 6000;

const engagementEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

let engaged: Promise<void> | undefined;

export function afterFirstInteraction(): Promise<void> {
  engaged ??= new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      for (const name of engagementEvents) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of engagementEvents)
      window.addEventListener(name, done, { capture: true, passive: true });
    onPageLoaded(() => (timer = setTimeout(done, ENHANCEMENT_FALLBACK_MS)));
  });
  return engaged;
}
