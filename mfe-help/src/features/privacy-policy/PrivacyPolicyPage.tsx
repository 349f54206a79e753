import { LegalDocument } from '../../components/legal-document/LegalDocument.tsx';
import { privacyPolicyIntro, privacyPolicySections } from './privacyPolicySections.tsx';

/** /help/privacy-policy */
export function PrivacyPolicyPage() {
  return <LegalDocument intro={privacyPolicyIntro} sections={privacyPolicySections} />;
}
