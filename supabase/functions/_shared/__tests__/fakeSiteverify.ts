// A stand-in for Google's siteverify endpoint on 127.0.0.1: the answer depends on the token, so each test picks
// the case it needs by the token it sends (`scoreToken(0.5)` for a given score). It records what the function sent.
// The browser tests use it too, with a stand-in of Google's script (e2e/tests/engagement/recaptcha.spec.ts), for the
// contact form's action and the newsletter's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const fakeTokens = {
  pass: 'token-pass',
  lowScore: 'token-low-score',
  wrongAction: 'token-wrong-action',
  invalid: 'token-invalid',
  serverError: 'token-server-error',
  otherHost: 'token-other-host',
} as const;

/** A token siteverify scores exactly so, for this action (the contact form's unless said) on localhost. */
export const scoreToken = (score: number, action = 'contact'): string => `token-score-${score}-${action}`;

type SiteverifyBody = Record<string, unknown>;

const answers: Record<string, { status: number; body: SiteverifyBody }> = {
  [fakeTokens.pass]: {
    status: 200,
    body: { success: true, score: 0.9, action: 'contact', hostname: 'localhost' },
  },
  [fakeTokens.lowScore]: {
    status: 200,
    body: { success: true, score: 0.3, action: 'contact', hostname: 'localhost' },
  },
  [fakeTokens.wrongAction]: {
    status: 200,
    body: { success: true, score: 0.9, action: 'login', hostname: 'localhost' },
  },
  [fakeTokens.otherHost]: {
    status: 200,
    body: { success: true, score: 0.9, action: 'contact', hostname: 'evil.example' },
  },
  [fakeTokens.invalid]: { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
  [fakeTokens.serverError]: { status: 500, body: {} },
};

export interface FakeSiteverify {
  url: string;
  /** The form fields of every request received. */
  requests: URLSearchParams[];
  close: () => Promise<void>;
}

export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const token = form.get('response') ?? '';
      const [, score, action] = /^token-score-(\d(?:\.\d+)?)-(\w+)$/.exec(token) ?? [];
      const scored =
        score === undefined
          ? undefined
          : {
              status: 200,
              body: { success: true, score: Number(score), action, hostname: 'localhost' },
            };
      const answer = scored ??
        answers[token] ?? {
          status: 200,
          body: { success: false, 'error-codes': ['invalid-input-response'] },
        };
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A URL where nothing listens: the network error case. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
}
