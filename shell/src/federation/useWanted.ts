import { useEffect, useState, type RefObject } from 'react';
import { afterFirstInteraction } from '@site/shared-ui/afterFirstInteraction';

/** How far below (and above) the window a section starts loading: one window height, so it is there when scrolled to. */
const NEAR_VIEWPORT_MARGIN = '100% 0px 100% 0px';

/** Whether the prerendered place of a section is within the same distance of the first screen. */
export function isNearFirstScreen(module: string): boolean {
  const place = document.querySelector(`[data-section="${CSS.escape(module)}"]`);
  return !place || place.getBoundingClientRect().top < window.innerHeight * 2;
}

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
 * Resolves when the section's place nears the view or the visitor engages with the page (as useWanted decides), for a
 * slot the server rendered: its HTML is there from the start, and its code loads (and hydrates it) only then.
 */
export function whenWanted(module: string): Promise<void> {
  const place = document.querySelector(`[data-section="${CSS.escape(module)}"]`);
  if (!place || isNearFirstScreen(module) || typeof IntersectionObserver === 'undefined')
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(place);
    void afterFirstInteraction().then(() => {
      observer.disconnect();
      resolve();
    });
  });
}
