import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'scrollPositions';
const restoreForMs = 1500;

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ ...savedPositions(), [key]: window.scrollY }));
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
 * #fragment). Sections arrive after the page, so the restore keeps trying briefly until the page is tall enough.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const save = () => savePosition(location.key);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const isFirstRender = firstRender.current;
    firstRender.current = false;
    // A fresh visit starts where the browser puts it (the top, or its #fragment): a position saved by an earlier
    // page load in this tab must not carry over.
    if (isFirstRender && !documentWasRestored()) return undefined;
    if (navigationType !== 'POP') {
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
  }, [location.key, location.hash, navigationType]);

  return null;
}
