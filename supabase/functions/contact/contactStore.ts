// Stores a contact message with the service role (visitors cannot write public.contacts any other way).
import type { ContactSubmission } from '../_shared/contactForm.ts';
import { serviceRequest, type ServiceBackend } from '../_shared/serviceBackend.ts';

export interface StoredContact {
  submission: Omit<ContactSubmission, 'recaptcha'>;
  recaptchaScore: number | null;
  recaptchaAction: string | null;
}

export async function storeContact(backend: ServiceBackend, contact: StoredContact): Promise<void> {
  const { submission } = contact;
  await serviceRequest(
    backend,
    'contacts',
    {
      full_name: submission.fullName,
      email: submission.email,
      subject: submission.subject,
      message: submission.message,
      recaptcha_score: contact.recaptchaScore,
      recaptcha_action: contact.recaptchaAction,
    },
    { Prefer: 'return=minimal' },
  );
}
