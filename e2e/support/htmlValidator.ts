// The W3C's HTML checker (the Nu Html Checker, vnu, from the vnu-jar package) on documents the tests collected: the
// pages the server sends, the mail link pages, the mails' HTML parts. One Java process checks them all at once (it
// takes seconds to start), and each error comes back with its document's name, line and message.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const vnuJar = require('vnu-jar') as string;

/** vnu's schemas recurse deeply (it asks for at least 512 KB of stack). */
const javaOptions = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface HtmlDocument {
  /** What the document is (an address, a mail's subject): the errors are reported by it. */
  name: string;
  html: string;
  /** A mail's HTML part: its styles may carry what only mail programs read (see mailProgramCss). */
  mail?: boolean;
}

/**
 * CSS that only mail programs know, which the checker (a web browser's rules) calls unknown: Outlook's `mso-*`
 * properties (react-email's button sets its padding in Outlook with them) and Apple Mail's `supported-color-schemes`.
 */
const mailProgramCss = /^CSS: “(mso-[a-z-]+|supported-color-schemes)”: Property “\1” doesn't exist\.$/;

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Every error the checker finds, as `name:line: message`; an empty list when all are valid. */
export async function htmlErrors(documents: HtmlDocument[]): Promise<string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'html-check-'));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.html`);
      writeFileSync(file, document.html);
      return file;
    });
    // vnu exits 1 when it found errors; its findings are in its JSON report either way. The JVM's quick compiler
    // only and one garbage-collector thread: a short run on a busy two-core machine took 8-10 s so, 16-22 s without.
    const report = await promisify(execFile)(
      'java',
      [...javaOptions, '-jar', vnuJar, '--errors-only', '--format', 'json', '--stdout', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      if (!error.stdout) throw new Error(`the HTML checker did not run: ${error.stderr || error.message}`);
      return { stdout: error.stdout };
    });
    const { messages } = JSON.parse(report.stdout) as { messages: VnuMessage[] };
    const documentOf = (message: VnuMessage) =>
      documents[Number(path.basename(new URL(message.url).pathname, '.html'))];
    return messages
      .filter((message) => message.type !== 'info')
      .filter((message) => !(documentOf(message)?.mail && mailProgramCss.test(message.message)))
      .map((message) => {
        const name = documentOf(message)?.name ?? message.url;
        return `${name}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` (${message.extract.trim().slice(0, 160)})` : ''}`;
      });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
