import { Route, Routes } from '@site/shared-ui/router';
import { PageForLocation } from './PageForLocation.tsx';
import { SiteLayout } from './SiteLayout.tsx';

/** The whole site inside a router: the same tree is prerendered at build time and hydrated in the browser. */
export function SiteApp() {
  return (
    <SiteLayout>
      <Routes>
        {/* The help section routes its own pages below /help. */}
        <Route path="/help/*" element={<PageForLocation />} />
        <Route path="*" element={<PageForLocation />} />
      </Routes>
    </SiteLayout>
  );
}
