// Stores a contact message with the service role (visitors cannot write public.contacts any other way), and the
// owner's notification in the outbox, in one transaction (public.store_contact_message).
import type { ContactSubmission } from '../_shared/contactForm.ts';
import { serviceRequest, type ServiceBackend } from '../_shared/serviceBackend.ts';

export interface StoredContact {
  submission: Omit<ContactSubmission, 'recaptcha'>;
  recaptchaScore: number | null;
  recaptchaAction: string | null;
}

export async function storeContact(backend: ServiceBackend, contact: StoredContact): Promise<void> {
  const { submission } = contact;
  await serviceRequest(backend, 'rpc/store_contact_message', {
    p_full_name: submission.fullName,
    p_email: submission.email,
    p_subject: submission.subject,
    p_message: submission.message,
    p_recaptcha_score: contact.recaptchaScore,
    p_recaptcha_action: contact.recaptchaAction,
  });
}
