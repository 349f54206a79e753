import { useEffect, useLayoutEffect, useRef } from 'react';
import { keepsScroll, useLocation, useNavigationType } from '@site/shared-ui/router';

const storageKey = 'scrollPositions';
const restoreForMs = 1500;

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePositions(positions: Record<string, number>) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(positions));
  } catch {
    // Storage can be full or disabled; restoration is a convenience.
  }
}

/** Whether the document itself was loaded by back/forward or a reload (not a fresh visit). */
function documentWasRestored(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward' || navigation?.type === 'reload';
}

/**
 * Back and forward return to where the visitor was on that page; a new navigation starts at the top (or at the
 * #fragment), but one that only changes what the page shows (a search: keepScrollState) leaves the window where it
 * is; a fresh visit starts where the browser puts it. Positions are remembered as the visitor scrolls, for
 * the history entry current at that moment (reading the position when leaving a page would be too late: the next
 * page has already moved it). Sections arrive after the page, so a restore keeps trying briefly until the page is
 * tall enough.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const positions = savedPositions();
    let frame = 0;
    const remember = () => {
      positions[currentKey.current] = window.scrollY;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePositions(positions));
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', remember);
    // Where the visitor is now: they may have scrolled before this code ran (the app starts once the page has loaded).
    remember();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', remember);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const isFirstRender = firstRender.current;
    firstRender.current = false;
    if (isFirstRender && !documentWasRestored()) return undefined;
    if (navigationType !== 'POP') {
      if (keepsScroll(location.state) && !location.hash) return undefined;
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return undefined;
    }
    const top = savedPositions()[location.key];
    if (top === undefined) return undefined;
    const until = performance.now() + restoreForMs;
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, top);
      if (Math.abs(window.scrollY - top) > 1 && performance.now() < until)
        frame = requestAnimationFrame(restore);
    };
    const stop = () => cancelAnimationFrame(frame);
    restore();
    window.addEventListener('wheel', stop, { passive: true, once: true });
    window.addEventListener('touchstart', stop, { passive: true, once: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [location.key, location.hash, location.state, navigationType]);

  return null;
}
