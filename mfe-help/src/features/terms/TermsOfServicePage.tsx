import { LegalDocument } from '../../components/legal-document/LegalDocument.tsx';
import { termsOfServiceIntro, termsOfServiceSections } from './termsOfServiceSections.tsx';

/** /help/terms-of-service */
export function TermsOfServicePage() {
  return <LegalDocument intro={termsOfServiceIntro} sections={termsOfServiceSections} />;
}
