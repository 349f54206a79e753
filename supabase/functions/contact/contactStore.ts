// The contact function's database work, through the REST API with the service role (which bypasses row-level
// security; visitors have no access to these tables). Plain fetch, so it runs the same under Deno and Node.
import type { ContactSubmission } from '../_shared/contactForm.ts';
import {
  CONTACT_RATE_LIMIT_MAX,
  CONTACT_RATE_LIMIT_WINDOW_SECONDS,
  type ContactSettings,
} from './contactSettings.ts';

type Backend = Pick<ContactSettings, 'supabaseUrl' | 'serviceRoleKey'>;

function serviceHeaders(backend: Backend): Record<string, string> {
  return {
    apikey: backend.serviceRoleKey,
    Authorization: `Bearer ${backend.serviceRoleKey}`,
    'Content-Type': 'application/json',
  };
}

/** The error without its details: PostgREST's details can quote the row, and the row is the visitor's message. */
async function failure(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return new Error(`${what} answered ${response.status} ${body.code ?? ''} ${body.message ?? ''}`.trim());
}

/**
 * Counts this attempt against the client's limit (public.take_contact_attempt, atomic in the database). False when
 * the client has used up its attempts for the window.
 */
export async function takeContactAttempt(backend: Backend, clientHash: string): Promise<boolean> {
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/rpc/take_contact_attempt`, {
    method: 'POST',
    headers: serviceHeaders(backend),
    body: JSON.stringify({
      p_client_hash: clientHash,
      p_max_attempts: CONTACT_RATE_LIMIT_MAX,
      p_window_seconds: CONTACT_RATE_LIMIT_WINDOW_SECONDS,
    }),
  });
  if (!response.ok) throw await failure(response, 'take_contact_attempt');
  return (await response.json()) === true;
}

export interface StoredContact {
  submission: Omit<ContactSubmission, 'recaptcha'>;
  recaptchaScore: number | null;
  recaptchaAction: string | null;
  clientHash: string;
}

export async function storeContact(backend: Backend, contact: StoredContact): Promise<void> {
  const { submission } = contact;
  const response = await fetch(`${backend.supabaseUrl}/rest/v1/contacts`, {
    method: 'POST',
    headers: { ...serviceHeaders(backend), Prefer: 'return=minimal' },
    body: JSON.stringify({
      full_name: submission.fullName,
      email: submission.email,
      subject: submission.subject,
      message: submission.message,
      recaptcha_score: contact.recaptchaScore,
      recaptcha_action: contact.recaptchaAction,
      client_hash: contact.clientHash,
    }),
  });
  if (!response.ok) throw await failure(response, 'insert into contacts');
}
