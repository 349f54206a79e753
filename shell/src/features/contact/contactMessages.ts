// What the contact section says (spec §2, §5, §8). Field rules and their messages are shared with the contact
// function: supabase/functions/_shared/contactForm.ts.
import type { ContactFieldName } from '@site/supabase-functions/contactForm';

export const contactFieldLabels: Record<ContactFieldName, string> = {
  fullName: 'Full Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

export const contactMessages = {
  sectionTitle: 'Contact',
  sectionIntro: 'A project in mind, or a question about a course or a video? Write to me.',
  submitButton: 'Submit',
  sendingButton: 'Sending…',
  /** Spec §5: a submit the form blocks. */
  invalidForm: 'Invalid data, make sure to enter correct data.',
  thanksTitle: 'Thank You!',
  thanksText: 'Your submission is received and I will contact you soon.',
  /** The original lost the message silently; here the visitor is told and keeps what they wrote. */
  sendFailed:
    'Your message could not be sent. Please check your connection and try again; what you wrote is still here.',
  captchaUnavailable:
    'The spam check could not load, so your message was not sent. Please try again in a moment; what you wrote is still here.',
} as const;
