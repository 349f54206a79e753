import { Route, Routes } from '@site/shared-ui/router';
import { HelpIndexPage } from '../features/help-index/HelpIndexPage.tsx';
import { HelpLayout } from '../features/help-navigation/HelpLayout.tsx';
import { PrivacyPolicyPage } from '../features/privacy-policy/PrivacyPolicyPage.tsx';
import { TermsAndConditionsPage } from '../features/terms/TermsAndConditionsPage.tsx';
import { TermsOfServicePage } from '../features/terms/TermsOfServicePage.tsx';

/**
 * The help area, below the shell's banner for /help/*. Paths are relative to /help: an empty-path wrapper (the help
 * navigation) around the index and the three pages. The shell shows its not-found page for any other help path.
 */
export default function HelpRoutes() {
  return (
    <Routes>
      <Route path="" element={<HelpLayout />}>
        <Route index element={<HelpIndexPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-and-conditions" element={<TermsAndConditionsPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
      </Route>
    </Routes>
  );
}
