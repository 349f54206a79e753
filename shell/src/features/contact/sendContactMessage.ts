import { deadlines } from '@site/shared-ui/deadlines';
import { callEdgeFunction, RestError } from '@site/shared-ui/restClient';
import type { ContactFieldErrors, ContactSubmission } from '@site/supabase-functions/contactForm';
import { contactMessages } from './contactMessages.ts';

export type SendContactResult =
  { ok: true } | { ok: false; message: string; fieldErrors: ContactFieldErrors };

/** What the contact function answers when it refuses a message (see supabase/functions/contact/handler.ts). */
interface ContactRefusal {
  error?: string;
  message?: string;
  fieldErrors?: ContactFieldErrors;
}

/** Sends the message to the contact function, which checks it and the captcha token before storing it. */
export async function sendContactMessage(submission: ContactSubmission): Promise<SendContactResult> {
  try {
    await callEdgeFunction('contact', submission, { deadlineMs: deadlines.contactSubmitMs });
    return { ok: true };
  } catch (error) {
    const refusal: ContactRefusal = error instanceof RestError ? error.body : {};
    console.error(
      '[contact] send failed:',
      error instanceof RestError
        ? `${error.status} ${refusal.error ?? ''}`.trim()
        : error instanceof Error
          ? error.message
          : error,
    );
    return {
      ok: false,
      message: refusal.message ?? contactMessages.sendFailed,
      fieldErrors: refusal.fieldErrors ?? {},
    };
  }
}
