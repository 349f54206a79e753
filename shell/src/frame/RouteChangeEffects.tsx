import { useLayoutEffect, useRef } from 'react';
import { useLocation } from '@site/shared-ui/router';
import { useEventBus } from '@site/shared-ui/eventBus';
import { applyPageMetadata } from './pageMetadata.ts';

/**
 * What every navigation does: the title, description and share tags follow the page, and the loading bar runs
 * until the new page has painted (sections still loading keep it running). The first page arrives prerendered
 * with its metadata, so only later navigations change it. They run as the new page is committed (a layout
 * effect), so the title never lags the heading: a screen reader, a tab strip or a script that sees the new page
 * sees its title with it.
 */
export function RouteChangeEffects() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useLayoutEffect(() => {
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
