import { useEffect, useRef } from 'react';
import { useLocation } from '@site/shared-ui/router';
import { useEventBus } from '@site/shared-ui/eventBus';
import { applyPageMetadata } from './pageMetadata.ts';

/**
 * What every navigation does: the title, description and share tags follow the page, and the loading bar runs
 * until the new page has painted (sections still loading keep it running). The first page arrives prerendered
 * with its metadata, so only later navigations change it.
 */
export function RouteChangeEffects() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return undefined;
    firstPath.current = '';
    let current = true;
    const { loadStarted, loadFinished } = useEventBus.getState();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      loadFinished();
    };
    loadStarted();
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(finish);
    });
    void applyPageMetadata(pathname, () => current);
    return () => {
      current = false;
      cancelAnimationFrame(frame);
      finish();
    };
  }, [pathname]);

  return null;
}
