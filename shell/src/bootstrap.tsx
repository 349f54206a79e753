import '@site/shared-ui/tokens.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@site/shared-ui/router';
import { publish } from '@site/shared-ui/eventBus';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { configureSupabase } from '@site/shared-ui/supabaseClient';
import { embeddedPageData } from '@site/shared-ui/sectionData';
import { FirstPageData } from './site/FirstPageData.tsx';
import { SiteApp } from './site/SiteApp.tsx';
import { loadSiteConfig } from './site/siteConfig.ts';
import { findSitePage } from './site/sitePages.ts';
import { startAnalyticsSink } from './features/analytics/analyticsSink.ts';
import { restoreNewsletterSubscription } from './features/newsletter/subscribeToNewsletter.ts';
import { RemoteLoaderContext } from './federation/RemoteLoaderContext.ts';
import { loadRemoteModule } from './federation/remoteModules.ts';
import { isNearFirstScreen } from './federation/useWanted.ts';
import { holdEarlySubmits } from './federation/holdEarlySubmits.ts';
import { showRememberedTheme } from './frame/themeChoice.ts';

showRememberedTheme();
holdEarlySubmits();
configureSupabase(loadSiteConfig().then((config) => config.supabase));
// Stores every bus event from here on, userInApp below included.
startAnalyticsSink({ backend: loadSiteConfig().then((config) => config.supabase) });
restoreNewsletterSubscription();

// Ask for the sections on or near the first screen now, while the frame hydrates; the slots pick up the same loads.
// Those further down load as the visitor nears them (see useWanted).
for (const slot of findSitePage(window.location.pathname)?.slots ?? []) {
  if (isNearFirstScreen(slot.module)) loadRemoteModule(slot.module).catch(() => undefined);
}

const site = (
  <StrictMode>
    <BrowserRouter>
      <RemoteLoaderContext value={loadRemoteModule}>
        <FirstPageData pageData={embeddedPageData()}>
          <SiteApp />
        </FirstPageData>
      </RemoteLoaderContext>
    </BrowserRouter>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// Hydration as a transition: React works through the server-rendered (or prerendered) page in short slices, so the
// page stays responsive (one long hydration task would block input for its whole length).
// A page that does not match its HTML is rendered again by React; it is logged, so a mismatch never goes unseen.
const onRecoverableError = (error: unknown) =>
  console.error('[hydration]', error instanceof Error ? error.message : error);
// An error a boundary caught (a section's slot) is logged as React would, unless it is a load cut short because the
// page is being left (see pageLeaving).
const onCaughtError = (error: unknown) => reportFailure('[caught]', error);
if (container.hasChildNodes()) {
  startTransition(() => void hydrateRoot(container, site, { onRecoverableError, onCaughtError }));
} else createRoot(container, { onCaughtError }).render(site);

publish({ name: 'userInApp' });
