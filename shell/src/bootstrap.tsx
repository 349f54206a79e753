import '@site/shared-ui/tokens.css';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@site/shared-ui/router';
import { publish } from '@site/shared-ui/eventBus';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { configureSupabase } from '@site/shared-ui/supabaseClient';
import { embeddedPageData } from '@site/shared-ui/sectionData';
import { FirstPageData } from './site/FirstPageData.tsx';
import { SiteApp } from './site/SiteApp.tsx';
import { loadSiteConfig } from './site/siteConfig.ts';
import { startAnalyticsSink } from './features/analytics/analyticsSink.ts';
import { restoreNewsletterSubscription } from './features/newsletter/subscribeToNewsletter.ts';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext.ts';
import { loadRemoteModule } from './federation/remoteModules.ts';
import { showRememberedTheme } from './frame/themeChoice.ts';

/**
 * Tells the boot script (src/boot.js) that the frame is live: forms outside sections submitted before this (the
 * newsletter, the contact form) are sent again now. The container is the page's own element, not React's.
 * It wraps the site rather than sitting beside it: React numbers its ids (useId) by where they are in the tree, and a
 * sibling at the root would number every id in the browser differently from the server's HTML.
 */
function FrameLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.setAttribute('data-hydrated', 'true'), [container]);
  return children;
}

/** Hydrates the server-rendered (or prerendered) page, or renders it where the root is empty. */
export function startSite(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  showRememberedTheme();
  configureSupabase(loadSiteConfig().then((config) => config.supabase));
  // Stores every bus event from here on, userInApp below included.
  startAnalyticsSink({ backend: loadSiteConfig().then((config) => config.supabase) });
  restoreNewsletterSubscription();

  const site = (
    <StrictMode>
      <FrameLive container={container}>
        <BrowserRouter>
          <RemoteLoaderContext value={loadRemoteModule}>
            <FirstPageData pageData={embeddedPageData()}>
              <SiteApp />
            </FirstPageData>
          </RemoteLoaderContext>
        </BrowserRouter>
      </FrameLive>
    </StrictMode>
  );

  // Hydration as a transition: React works through the server-rendered (or prerendered) page in short slices, so the
  // page stays responsive (one long hydration task would block input for its whole length).
  // A page that does not match its HTML is rendered again by React; it is logged, so a mismatch never goes unseen
  // (at debug level while the page is being left: a section's code cut short then fails its render too).
  const onRecoverableError = (error: unknown) => reportFailure('[hydration]', error);
  // An error a boundary caught (a section's slot) is logged as React would, unless it is a load cut short because the
  // page is being left (see pageLeaving).
  const onCaughtError = (error: unknown) => reportFailure('[caught]', error);
  if (container.hasChildNodes()) {
    startTransition(() => void hydrateRoot(container, site, { onRecoverableError, onCaughtError }));
  } else createRoot(container, { onCaughtError }).render(site);

  publish({ name: 'userInApp' });
}
