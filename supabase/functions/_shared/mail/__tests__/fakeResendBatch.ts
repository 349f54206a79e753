// A stand-in for Resend's batch API at the edge (POST /emails/batch), as its documentation describes it: a bearer key,
// up to 100 mails a call, an idempotency key (a key seen before with the same body answers as before and sends
// nothing; with another body, 409 invalid_idempotent_request, whether or not the first was sent), permissive
// validation, and rate-limit headers on every answer (429 with retry-after past its limit, when it has one). It counts
// every mail it accepts, by recipient, so a test or the bench can tell whether anyone got a copy twice, and every call
// that came while its retry-after ran. Used by the sender's tests and by bench/newsletter.mjs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AcceptedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  idempotencyKey: string;
}

export interface FakeResendBatch {
  /** The API's address, as RESEND_API_URL names it (…/emails). */
  apiUrl: string;
  accepted: AcceptedMail[];
  /** Copies accepted per recipient. */
  copiesTo: Map<string, number>;
  calls: number;
  rateLimited: number;
  /** When it accepted its first and its last mail (epoch ms). */
  firstAcceptedAt: number | undefined;
  lastAcceptedAt: number | undefined;
  /** Calls that came before the retry-after of a 429 it answered had passed. */
  callsDuringRetryAfter: number;
  /**
   * The next calls answer this status: refusing the call; or after accepting it (a sender that never hears the
   * answer); or after keeping its key and body without sending (the key then holds that body, unsent).
   */
  failNext: (status: number, count?: number, when?: 'refused' | 'afterAccepting' | 'keptTheKey') => void;
  close: () => Promise<void>;
}

/** @param callsPerSecond its own limit (0: none, the provider never paces the sender) */
export async function startFakeResendBatch({
  apiKey = 're_test',
  callsPerSecond = 0,
  keepMails = true,
}: { apiKey?: string; callsPerSecond?: number; keepMails?: boolean } = {}): Promise<FakeResendBatch> {
  /** Each key's body, and its answer (none: kept without sending, the next call with that body sends it). */
  const keys = new Map<string, { body: string; answer?: string }>();
  const accepted: AcceptedMail[] = [];
  const copiesTo = new Map<string, number>();
  let failures:
    { status: number; count: number; when: 'refused' | 'afterAccepting' | 'keptTheKey' } | undefined;
  let retryAfterUntil = 0;
  let windowStart = Date.now();
  let inWindow = 0;
  const state = {
    calls: 0,
    rateLimited: 0,
    callsDuringRetryAfter: 0,
    firstAcceptedAt: undefined as number | undefined,
    lastAcceptedAt: undefined as number | undefined,
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.calls += 1;
      const now = Date.now();
      if (now < retryAfterUntil) state.callsDuringRetryAfter += 1;
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      const limit = callsPerSecond > 0 ? callsPerSecond : 1_000_000;
      const reset = Math.max(0, Math.ceil((windowStart + 1000 - now) / 1000));
      const rateHeaders = {
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': String(Math.max(0, limit - inWindow)),
        'ratelimit-reset': String(reset),
      };
      const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...rateHeaders, ...extra });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/emails/batch') {
        return answer(404, { name: 'not_found', message: 'no such route' });
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return answer(401, { name: 'missing_api_key', message: 'Missing API key' });
      }
      if (inWindow > limit) {
        state.rateLimited += 1;
        retryAfterUntil = Math.max(retryAfterUntil, now + 1000);
        return answer(
          429,
          { name: 'rate_limit_exceeded', message: 'Too many requests' },
          { 'retry-after': '1' },
        );
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const key = String(request.headers['idempotency-key'] ?? '');
      const seen = key ? keys.get(key) : undefined;
      if (seen) {
        if (seen.body !== body) {
          return answer(409, { name: 'invalid_idempotent_request', message: 'Same key, another body' });
        }
        if (seen.answer !== undefined) {
          response.writeHead(200, { 'Content-Type': 'application/json', ...rateHeaders });
          response.end(seen.answer);
          return;
        }
      }
      const failing = failures && failures.count > 0 ? failures : undefined;
      if (failing && failing.when !== 'afterAccepting') {
        failing.count -= 1;
        if (failing.when === 'keptTheKey' && key) keys.set(key, { body });
        if (failing.status === 429) {
          state.rateLimited += 1;
          retryAfterUntil = Math.max(retryAfterUntil, now + 1000);
          return answer(
            429,
            { name: 'rate_limit_exceeded', message: 'Too many requests' },
            { 'retry-after': '1' },
          );
        }
        return answer(failing.status, { name: 'application_error', message: 'Failing on purpose' });
      }
      const mails = JSON.parse(body) as {
        to: string[];
        subject: string;
        html: string;
        text: string;
        headers?: Record<string, string>;
      }[];
      if (!Array.isArray(mails) || mails.length > 100) {
        return answer(422, { name: 'validation_error', message: 'At most 100 mails' });
      }
      state.firstAcceptedAt ??= Date.now();
      state.lastAcceptedAt = Date.now();
      for (const mail of mails) {
        const to = mail.to[0]!;
        copiesTo.set(to, (copiesTo.get(to) ?? 0) + 1);
        if (keepMails) {
          accepted.push({
            to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            headers: mail.headers ?? {},
            idempotencyKey: key,
          });
        }
      }
      const answerBody = JSON.stringify({ data: mails.map((_, index) => ({ id: `${key}-${index}` })) });
      if (key) keys.set(key, { body, answer: answerBody });
      if (failing) {
        failing.count -= 1;
        return answer(failing.status, { name: 'application_error', message: 'Accepted, then failed' });
      }
      response.writeHead(200, { 'Content-Type': 'application/json', ...rateHeaders });
      response.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/emails`,
    accepted,
    copiesTo,
    get calls() {
      return state.calls;
    },
    get rateLimited() {
      return state.rateLimited;
    },
    get callsDuringRetryAfter() {
      return state.callsDuringRetryAfter;
    },
    get firstAcceptedAt() {
      return state.firstAcceptedAt;
    },
    get lastAcceptedAt() {
      return state.lastAcceptedAt;
    },
    failNext: (status, count = 1, when = 'refused') => {
      failures = { status, count, when };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
