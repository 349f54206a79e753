// The journeys browse the site through this proxy, the one place test code enters the page: it passes every request
// on to the site unchanged and puts the probe (probe.js) first in the head of every HTML answer. The probe is a
// script of the page's own origin, which the site's Content-Security-Policy allows, so it runs in every engine before
// any of the site's code, WebKit included, where WebDriver offers no init scripts and no console. Visitors never
// get it: the site's own server knows nothing of it.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const probePath = '/__engines/probe.js';
/** A page of the site's origin with the probe and nothing else: where a journey goes to leave the site's pages. */
export const blankPath = '/__engines/blank';

const probe = readFileSync(new URL('./probe.js', import.meta.url), 'utf8');
const probeTag = `<script src="${probePath}"></script>`;
const blankPage = `<!doctype html><html lang="en"><head>${probeTag}<title>blank</title><link rel="icon" href="data:,"></head><body></body></html>`;

export interface ProbeProxy {
  url: string;
  close(): Promise<void>;
}

/** Puts the probe right after the opening <head> tag of a streamed HTML answer. */
function injectProbe(source: http.IncomingMessage, target: http.ServerResponse) {
  let head = '';
  let injected = false;
  source.setEncoding('utf8');
  source.on('data', (chunk: string) => {
    if (injected) {
      target.write(chunk);
      return;
    }
    head += chunk;
    const match = /<head(\s[^>]*)?>/i.exec(head);
    if (!match) return;
    const at = match.index + match[0].length;
    target.write(head.slice(0, at) + probeTag + head.slice(at));
    injected = true;
  });
  source.on('end', () => target.end(injected ? undefined : head));
  source.on('error', () => target.destroy());
}

export function startProbeProxy(siteUrl: string, port: number): Promise<ProbeProxy> {
  const site = new URL(siteUrl);
  const server = http.createServer((request, response) => {
    if (request.url === probePath) {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      });
      response.end(probe);
      return;
    }
    if (request.url === blankPath) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(blankPage);
      return;
    }
    const forwarded = http.request(
      {
        hostname: site.hostname,
        port: site.port,
        path: request.url,
        method: request.method,
        // Uncompressed, so the HTML can be read as it streams.
        headers: { ...request.headers, host: site.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (typeof headers.location === 'string')
          headers.location = headers.location.replace(site.origin, '');
        const isHtml = /^text\/html/.test(String(headers['content-type'] ?? ''));
        if (isHtml) delete headers['content-length'];
        response.writeHead(answer.statusCode ?? 502, headers);
        if (isHtml) injectProbe(answer, response);
        else answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: listening } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${listening}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
