// /storage/v1/object/public/<bucket>/<path>: files of a public Storage bucket, served from supabase/storage/<bucket>/,
// the way a hosted project serves its public bucket "content". Only GET and HEAD, only inside the bucket's folder
// (no "..", no absolute paths, no symlinks out), with a content type, caching and cross-origin headers so pages on
// other local ports can show the images.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fresh from 'fresh';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The public buckets and the folder each is served from. */
export type PublicBuckets = Record<string, string>;

function storageError(
  response: ServerResponse,
  status: number,
  error: string,
  message: string,
  extra: Record<string, string>,
): void {
  response.writeHead(status, { ...extra, 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ statusCode: String(status), error, message }));
}

/** Resolves a request path to a file inside the bucket folder: 'invalid' for any path that could leave it. */
export function resolveObject(root: string, objectPath: string): string | 'invalid' | 'missing' {
  let decoded: string;
  try {
    decoded = decodeURIComponent(objectPath);
  } catch {
    return 'invalid';
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\') || path.isAbsolute(decoded))
    return 'invalid';
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.' || segment === ''))
    return 'invalid';
  const candidate = path.resolve(root, decoded);
  if (!existsSync(candidate) || !statSync(candidate).isFile()) return 'missing';
  const realRoot = realpathSync(root);
  const real = realpathSync(candidate);
  if (!real.startsWith(realRoot + path.sep)) return 'invalid';
  return real;
}

export function servePublicObject(
  request: IncomingMessage,
  response: ServerResponse,
  buckets: PublicBuckets,
  subPath: string,
  extraHeaders: Record<string, string>,
): void {
  const slash = subPath.indexOf('/');
  const bucket = slash < 0 ? subPath : subPath.slice(0, slash);
  const objectPath = slash < 0 ? '' : subPath.slice(slash + 1);
  const root = buckets[bucket];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    storageError(
      response,
      405,
      'Method Not Allowed',
      'Only GET and HEAD are served by the local stand-in',
      extraHeaders,
    );
    return;
  }
  if (root === undefined) {
    storageError(response, 404, 'Bucket not found', 'Bucket not found', extraHeaders);
    return;
  }
  const file = resolveObject(root, objectPath);
  if (file === 'invalid') {
    storageError(response, 400, 'InvalidKey', `Invalid key: ${objectPath}`, extraHeaders);
    return;
  }
  if (file === 'missing') {
    storageError(response, 404, 'not_found', 'Object not found', extraHeaders);
    return;
  }
  const stats = statSync(file);
  const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    ...extraHeaders,
    'Content-Type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    // A week, revalidated by ETag afterwards: images rarely change, and a replaced file shows within a week at most
    // (at once after a reload that revalidates).
    'Cache-Control': 'public, max-age=604800',
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
  // If-None-Match as HTTP reads it: a list of tags, weak or strong, or *. Only it: a request's Cache-Control: no-cache
  // (which fetch adds to a conditional request) speaks to caches, and this is the origin.
  if (fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag })) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, { ...headers, 'Content-Length': String(stats.size) });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
