// Requests no browser sends and any script can: malformed request lines and targets, broken or oversized headers and
// bodies, conflicting framing, bad encodings, and broken WebSocket upgrades, written byte by byte over raw TCP so
// that nothing on the way tidies them up. A server may answer each with a 4xx or close the connection; it must never
// answer 5xx, hang, or stop serving everyone else.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status of the first answer, or null when the server closed the connection without one. */
  status: number | null;
  /** The server neither answered nor closed within the wait. */
  hung: boolean;
}

/** Sends bytes on a fresh connection and reads the status line of the first answer (if any). */
export function sendRaw(
  port: number,
  bytes: string | Buffer,
  { waitMs = 5000, host = '127.0.0.1' } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    let received = '';
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(
      () => settle({ status: statusOf(received), hung: statusOf(received) === null }),
      waitMs,
    );
    // A string is written one byte per character (latin1), so a test controls every byte, invalid UTF-8 included.
    socket.on('connect', () =>
      socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes),
    );
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = statusOf(received);
      if (status !== null) settle({ status, hung: false });
    });
    socket.on('error', () => settle({ status: statusOf(received), hung: false }));
    socket.on('close', () => settle({ status: statusOf(received), hung: false }));
  });
}

function statusOf(received: string): number | null {
  const match = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(received);
  return match ? Number(match[1]) : null;
}

export interface HostileRequest {
  name: string;
  bytes: string | Buffer;
}

const crlf = '\r\n';
const request = (line: string, headers: string[] = ['Host: localhost'], body = '') =>
  `${line}${crlf}${headers.join(crlf)}${crlf}${crlf}${body}`;

/** Malformed and hostile HTTP requests for a server whose ordinary pages live under `paths`. */
export function hostileRequests(paths: string[]): HostileRequest[] {
  const targets = [
    '//',
    '///etc/passwd',
    '//evil.example/x',
    '*',
    '%',
    '%zz',
    '/%',
    '/%zz%',
    '/%E0%A4%A',
    '/%00',
    '/%ff%fe%fd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/\\..\\..\\etc\\passwd',
    `/${'a'.repeat(9000)}`,
    `/?${'a=1&'.repeat(3000)}`,
    '/?%',
    '/?a=%zz&b=%',
    '/#frag',
    ...paths.flatMap((path) => [`${path}%`, `${path}/%zz`, `${path}?select=%&x=%ff`, `${path}/..%00`]),
  ];
  const lines: HostileRequest[] = [];
  for (const target of targets) {
    for (const method of ['GET', 'POST', 'BREW']) {
      lines.push({
        name: `${method} ${target.slice(0, 40)}`,
        bytes: request(`${method} ${target} HTTP/1.1`),
      });
    }
  }
  const page = paths[0] ?? '/';
  const malformedLines = [
    'GET',
    'GET /',
    `GET ${page} HTTP/9.9`,
    `GET ${page} HTTX/1.1`,
    `GET ${page} HTTP/1.1 extra`,
    `G\u0000T ${page} HTTP/1.1`,
    `GET\t${page}\tHTTP/1.1`,
    `GET ${page}\u0001 HTTP/1.1`,
    ` GET ${page} HTTP/1.1`,
    `GET  ${page}  HTTP/1.1`,
    '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003', // a TLS hello on a plain port
    'PRI * HTTP/2.0',
  ];
  for (const line of malformedLines)
    lines.push({ name: `line ${JSON.stringify(line).slice(0, 40)}`, bytes: request(line) });
  lines.push({ name: 'HTTP/0.9', bytes: `GET ${page}${crlf}` });
  lines.push({ name: 'bare LF', bytes: `GET ${page} HTTP/1.1\nHost: x\n\n` });
  lines.push({
    name: 'nothing but garbage',
    bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
  });

  const get = (headers: string[], body = '', method = 'GET', target = page) =>
    request(`${method} ${target} HTTP/1.1`, headers, body);
  const headerCases: [string, string][] = [
    ['no Host', get([])],
    ['two Hosts', get(['Host: a', 'Host: b'])],
    ['empty Host', get(['Host:'])],
    ['a header without a colon', get(['Host: x', 'Broken header line'])],
    ['a space before the colon', get(['Host: x', 'X-Test : 1'])],
    ['a header name with invalid characters', get(['Host: x', 'X(bad)@: 1'])],
    ['a NUL in a header value', get(['Host: x', 'X-Test: a\u0000b'])],
    ['a control character in a header value', get(['Host: x', 'X-Test: a\u0007b'])],
    ['invalid UTF-8 in a header value', get(['Host: x', `X-Test: ${'\u00ff\u00fe'}`])],
    ['obsolete line folding', get(['Host: x', 'X-Test: a', ' folded'])],
    ['a 40 KB header', get(['Host: x', `X-Big: ${'a'.repeat(40_000)}`])],
    ['300 headers', get(['Host: x', ...Array.from({ length: 300 }, (_, i) => `X-H${i}: ${i}`)])],
    ['Content-Length that is not a number', get(['Host: x', 'Content-Length: abc'], 'x', 'POST')],
    ['negative Content-Length', get(['Host: x', 'Content-Length: -1'], 'x', 'POST')],
    [
      'two different Content-Lengths',
      get(['Host: x', 'Content-Length: 1', 'Content-Length: 2'], 'xx', 'POST'),
    ],
    ['a huge Content-Length', get(['Host: x', 'Content-Length: 99999999999999999999'], 'x', 'POST')],
    [
      'Transfer-Encoding and Content-Length together',
      get(['Host: x', 'Transfer-Encoding: chunked', 'Content-Length: 3'], '0\r\n\r\n', 'POST'),
    ],
    ['a bad chunk size', get(['Host: x', 'Transfer-Encoding: chunked'], 'zz\r\nhello\r\n0\r\n\r\n', 'POST')],
    [
      'a chunk longer than it said',
      get(['Host: x', 'Transfer-Encoding: chunked'], '2\r\nhello\r\n0\r\n\r\n', 'POST'),
    ],
    ['an unknown Transfer-Encoding', get(['Host: x', 'Transfer-Encoding: gzip, evil'], 'x', 'POST')],
    [
      'an unknown Content-Encoding',
      get(
        ['Host: x', 'Content-Encoding: evil', 'Content-Type: application/json', 'Content-Length: 2'],
        '{}',
        'POST',
      ),
    ],
    [
      'a body that is not what its type says',
      get(['Host: x', 'Content-Type: application/json', 'Content-Length: 8'], '{"broken', 'POST'),
    ],
    [
      'invalid UTF-8 in a JSON body',
      get(
        ['Host: x', 'Content-Type: application/json', 'Content-Length: 10'],
        '{"a":"\u00ff\u00fe"}',
        'POST',
      ),
    ],
    ['Expect: 100-continue with a strange expectation', get(['Host: x', 'Expect: 999-nonsense'])],
    ['a Range that makes no sense', get(['Host: x', 'Range: bytes=9999999-1,a-b,-'])],
    ['an If-None-Match that is not an ETag', get(['Host: x', `If-None-Match: ${'*,'.repeat(500)}`])],
    ['Accept-Encoding nonsense', get(['Host: x', `Accept-Encoding: ${'br;q=9,'.repeat(300)}`])],
  ];
  for (const [name, bytes] of headerCases) lines.push({ name, bytes });

  lines.push({
    name: 'a valid request, then pipelined garbage',
    bytes: `${get(['Host: x'])}\u0000\u0001garbage that is no request\r\n\r\n`,
  });
  lines.push({
    name: 'a 3 MB body',
    bytes: get(['Host: x', 'Content-Length: 3145728'], 'a'.repeat(3_145_728), 'POST'),
  });
  return lines;
}

/** Broken WebSocket upgrades (and upgrades where none is served). */
export function hostileUpgrades(socketPath: string): HostileRequest[] {
  const upgrade = (path: string, extra: string[]) =>
    request(`GET ${path} HTTP/1.1`, ['Host: x', 'Upgrade: websocket', 'Connection: Upgrade', ...extra]);
  const key = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==';
  return [
    { name: 'no key', bytes: upgrade(socketPath, ['Sec-WebSocket-Version: 13']) },
    {
      name: 'a key that is not base64 of 16 bytes',
      bytes: upgrade(socketPath, ['Sec-WebSocket-Key: nope', 'Sec-WebSocket-Version: 13']),
    },
    { name: 'no version', bytes: upgrade(socketPath, [key]) },
    { name: 'version 99', bytes: upgrade(socketPath, [key, 'Sec-WebSocket-Version: 99']) },
    { name: 'a malformed target', bytes: upgrade('//%zz%', [key, 'Sec-WebSocket-Version: 13']) },
    {
      name: 'an absolute target',
      bytes: upgrade('http://evil.example/x', [key, 'Sec-WebSocket-Version: 13']),
    },
    {
      name: 'a percent-garbage query',
      bytes: upgrade(`${socketPath}?apikey=%zz&vsn=%`, [key, 'Sec-WebSocket-Version: 13']),
    },
    { name: 'an unknown path', bytes: upgrade('/nowhere', [key, 'Sec-WebSocket-Version: 13']) },
    {
      name: 'POST upgrade',
      bytes: request(`POST ${socketPath} HTTP/1.1`, [
        'Host: x',
        'Upgrade: websocket',
        'Connection: Upgrade',
        key,
      ]),
    },
    {
      name: 'an upgrade to something else',
      bytes: request(`GET ${socketPath} HTTP/1.1`, ['Host: x', 'Upgrade: h2c', 'Connection: Upgrade']),
    },
  ];
}
