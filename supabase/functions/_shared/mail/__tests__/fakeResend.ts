// A stand-in for Resend's send endpoint on 127.0.0.1 (the true edge of the mail room, as Google's siteverify is for the
// captcha): it records every request as it came (headers and the raw body) and answers what the test chose, in turn.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ResendAnswer {
  status: number;
  body: object;
}

export interface FakeResend {
  /** As RESEND_API_URL. */
  url: string;
  requests: { headers: IncomingHttpHeaders; body: string }[];
  /** The answers to give next, in order; once they are used up, 200 with an id. */
  answerNext: (...answers: ResendAnswer[]) => void;
  close: () => Promise<void>;
}

export async function startFakeResend(): Promise<FakeResend> {
  const requests: FakeResend['requests'] = [];
  let queued: ResendAnswer[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ headers: request.headers, body });
      const answer = queued.shift() ?? { status: 200, body: { id: `sent-${requests.length}` } };
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    requests,
    answerNext: (...answers) => {
      queued = answers;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
