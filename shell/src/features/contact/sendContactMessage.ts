import { deadlines } from '@site/shared-ui/deadlines';
import { getSupabase } from '@site/shared-ui/supabaseClient';
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

async function readRefusal(response: Response): Promise<ContactRefusal> {
  try {
    return (await response.json()) as ContactRefusal;
  } catch {
    return {};
  }
}

/** Sends the message to the contact function, which checks it and the captcha token before storing it. */
export async function sendContactMessage(submission: ContactSubmission): Promise<SendContactResult> {
  try {
    const supabase = await getSupabase();
    const { error, response } = await supabase.functions.invoke('contact', {
      body: submission,
      timeout: deadlines.contactSubmitMs,
    });
    if (!error) return { ok: true };
    const refusal = response ? await readRefusal(response) : {};
    console.error(
      '[contact] send failed:',
      response ? `${response.status} ${refusal.error ?? ''}`.trim() : error.message,
    );
    return {
      ok: false,
      message: refusal.message ?? contactMessages.sendFailed,
      fieldErrors: refusal.fieldErrors ?? {},
    };
  } catch (error) {
    console.error('[contact] send failed:', error instanceof Error ? error.message : error);
    return { ok: false, message: contactMessages.sendFailed, fieldErrors: {} };
  }
}
