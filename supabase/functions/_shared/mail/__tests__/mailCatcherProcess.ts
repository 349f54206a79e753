// The mail catcher `npm start` runs (MailDev), as a process of its own on free ports, for tests that send real mail
// over SMTP and read it back as a mail program would. Its own process group, so stopping it stops all of it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from '../../__tests__/localBackend.ts';

const repoRoot = path.resolve(__dirname, '../../../../..');

export interface CaughtMail {
  source: string;
  parsed: ParsedMail;
}

export interface MailCatcherProcess {
  /** smtp://127.0.0.1:<port>?ignoreTLS=true, as SMTP_URL. */
  smtpUrl: string;
  /** MailDev's REST API (http://127.0.0.1:<port>/api), for what mailsWith does not read (envelopes). */
  inboxUrl: string;
  /** Every mail caught so far whose raw source contains the text (an address, a key), oldest first. */
  mailsWith: (text: string) => Promise<CaughtMail[]>;
  stop: () => void;
}

/** A safety net for its start on a machine half as fast as ours (one core) and busy (its start is waited for). */
export const MAIL_CATCHER_START_TIMEOUT_MS = 120_000;

export async function startMailCatcherProcess(): Promise<MailCatcherProcess> {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const inbox = `http://127.0.0.1:${webPort}/api`;
  const catcher = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/maildev/dist/bin/maildev.js'),
      ...['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
      '--silent',
    ],
    { stdio: 'ignore', detached: true },
  );
  let exitCode: number | null | undefined;
  catcher.once('exit', (code) => (exitCode = code));
  // Until it answers, or ends: the deadline is only what stops a start that would otherwise be waited for forever.
  const deadline = Date.now() + MAIL_CATCHER_START_TIMEOUT_MS;
  for (;;) {
    const up = await fetch(`${inbox}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (exitCode !== undefined)
      throw new Error(`the mail catcher ended as it started (exit code ${exitCode})`);
    if (Date.now() > deadline) {
      if (catcher.pid) process.kill(-catcher.pid, 'SIGTERM');
      throw new Error('the mail catcher did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    inboxUrl: inbox,
    mailsWith: async (text) => {
      const mails = (await (await fetch(`${inbox}/email`)).json()) as { id: string }[];
      const caught: CaughtMail[] = [];
      for (const { id } of mails) {
        const source = await (await fetch(`${inbox}/email/${id}/source`)).text();
        if (source.includes(text)) caught.push({ source, parsed: await simpleParser(source) });
      }
      return caught;
    },
    stop: () => {
      if (catcher.pid) process.kill(-catcher.pid, 'SIGTERM');
    },
  };
}
