import { useEffect, useState, type RefObject } from 'react';
import { afterFirstInteraction } from '@site/shared-ui/afterFirstInteraction';
import { onPageLoaded } from '@site/shared-ui/pageLoaded';

/** How far below (and above) the window a section starts loading: one window height, so it is there when scrolled to. */
const NEAR_VIEWPORT_MARGIN = '100% 0px 100% 0px';

/**
 * Whether a section should load now: when its place comes within a window height of the view, or once the visitor
 * engages with the page (first scroll, pointer or key, or a few seconds after load), whichever is first. The first
 * screen's sections load at once; those further down do not compete with them.
 */
export function useWanted(place: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!enabled || wanted || !element) return;
    let done = false;
    const want = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      setWanted(true);
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), {
            rootMargin: NEAR_VIEWPORT_MARGIN,
          });
    if (observer) observer.observe(element);
    else want();
    void afterFirstInteraction().then(want);
    return () => {
      done = true;
      observer?.disconnect();
    };
  }, [place, enabled, wanted]);
  return wanted;
}

/**
 * Once the page has loaded and the main thread has a free moment: by then the frame has hydrated, and what comes next
 * no longer competes with the first paint. Not later (as the live updates wait for the network to fall quiet): a
 * visitor's first keystroke in a section still waiting to hydrate would have to wait for all of its hydration at once.
 */
function afterLoadWhenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 1);
    };
    onPageLoaded(whenIdle);
  });
}

/** What tells that the visitor is about to use a section: a pointer over it or on it, a touch, or focus inside it. */
const intentEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Resolves when a slot the server rendered should hydrate (its HTML is there from the start; its code loads only
 * then): a slot on or near the first screen once the page has loaded and the main thread is idle, so its code never
 * competes with the first paint; any slot as soon as the visitor shows intent on it (pointer, touch, focus), nears it
 * (within a window height), or engages with the page (as useWanted). Where the slot is comes from an
 * IntersectionObserver, which reports without forcing a layout: nothing is measured before hydration.
 */
export function whenWanted(module: string): Promise<void> {
  const place = document.querySelector(`[data-section="${CSS.escape(module)}"]`);
  if (!place || typeof IntersectionObserver === 'undefined') return afterLoadWhenIdle();
  return new Promise((resolve) => {
    let settled = false;
    const want = () => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      for (const name of intentEvents) place.removeEventListener(name, want, true);
      resolve();
    };
    let firstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        // The first report says where the slot is at the start; a later one that it came near.
        if (near && firstReport) void afterLoadWhenIdle().then(want);
        else if (near) want();
        firstReport = false;
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(place);
    for (const name of intentEvents) place.addEventListener(name, want, { capture: true, passive: true });
    void afterFirstInteraction().then(want);
  });
}
