import type { ComponentType } from 'react';
import { Route, Routes } from '@site/shared-ui/router';
import { helpPages, type HelpPage } from '@site/shared-ui/siteMap';
import { HelpIndexPage } from '../features/help-index/HelpIndexPage.tsx';
import { HelpLayout } from '../features/help-navigation/HelpLayout.tsx';
import { PrivacyPolicyPage } from '../features/privacy-policy/PrivacyPolicyPage.tsx';
import { TermsAndConditionsPage } from '../features/terms/TermsAndConditionsPage.tsx';
import { TermsOfServicePage } from '../features/terms/TermsOfServicePage.tsx';

/** The page of each help page of the site map: a help page the site map adds without one here fails to compile. */
const pageFor: Record<HelpPage['slug'], ComponentType> = {
  'privacy-policy': PrivacyPolicyPage,
  'terms-and-conditions': TermsAndConditionsPage,
  'terms-of-service': TermsOfServicePage,
};

/**
 * The help area, below the shell's banner for /help/*. Paths are relative to /help: an empty-path wrapper (the help
 * navigation) around the index and the site map's help pages. The shell shows its not-found page for any other
 * help path.
 */
export default function HelpRoutes() {
  return (
    <Routes>
      <Route path="" element={<HelpLayout />}>
        <Route index element={<HelpIndexPage />} />
        {helpPages.map(({ slug }) => {
          const Page = pageFor[slug];
          return <Route key={slug} path={slug} element={<Page />} />;
        })}
      </Route>
    </Routes>
  );
}
