import { LegalDocument } from '../../components/legal-document/LegalDocument.tsx';
import { termsAndConditionsIntro, termsAndConditionsSections } from './termsAndConditionsSections.tsx';

/** /help/terms-and-conditions */
export function TermsAndConditionsPage() {
  return <LegalDocument intro={termsAndConditionsIntro} sections={termsAndConditionsSections} />;
}
