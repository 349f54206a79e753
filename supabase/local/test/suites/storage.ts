// Public Storage: the seeded images are served from supabase/storage/content/ at the URL the browser builds from a
// stored path, with a content type, caching and cross-origin headers, and nothing outside the bucket folder.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { paths } from '../../src/paths.ts';
import { localSupabase, serviceClient } from '../support/localSupabase.ts';

/** A raw request: fetch() would normalise ../ away before it left the client. */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('storage: public content bucket', () => {
  it('serves an image with type, cache and cross-origin headers', async () => {
    const server = await localSupabase();
    const response = await fetch(
      `${server.url}/storage/v1/object/public/content/projects/taskboard-kanban.webp`,
      {
        headers: { Origin: 'http://localhost:3000' },
      },
    );
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/webp');
    assert.match(response.headers.get('cache-control') ?? '', /public, max-age=\d{6,}/);
    assert.equal(response.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.subarray(8, 12).toString('ascii'), 'WEBP');
    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(
      `${server.url}/storage/v1/object/public/content/projects/taskboard-kanban.webp`,
      { headers: { 'If-None-Match': etag } },
    );
    assert.equal(again.status, 304);
    // If-None-Match as browsers and caches send it: a list, a weak tag.
    const statuses = [];
    for (const ifNoneMatch of [`"other", ${etag}`, `W/${etag}`, '"other"'])
      statuses.push(
        (
          await fetch(`${server.url}/storage/v1/object/public/content/projects/taskboard-kanban.webp`, {
            headers: { 'If-None-Match': ifNoneMatch },
          })
        ).status,
      );
    assert.deepEqual(statuses, [304, 304, 200]);
  });

  it('every image the seed points at exists and is small', async () => {
    const owner = await serviceClient();
    const paths_: string[] = [];
    for (const [table, column] of [
      ['projects', 'image_path'],
      ['courses', 'image_path'],
      ['ads', 'image_path'],
      ['testimonials', 'person_image'],
      ['videos', 'thumbnail_url'],
    ] as const) {
      const { data, error } = await owner.from(table).select(column).not(column, 'is', null);
      assert.equal(error, null);
      paths_.push(
        ...((data ?? []) as unknown as Record<string, string>[]).map((row) => row[column] as string),
      );
    }
    assert.ok(paths_.length >= 49, `${paths_.length} image paths`);
    const server = await localSupabase();
    for (const objectPath of paths_) {
      assert.ok(existsSync(path.join(paths.storageContentDir, objectPath)), `${objectPath} is missing`);
      const head = await fetch(`${server.url}/storage/v1/object/public/content/${objectPath}`, {
        method: 'HEAD',
      });
      assert.equal(head.status, 200, objectPath);
      assert.ok(Number(head.headers.get('content-length')) <= 12 * 1024, `${objectPath} is over 12 KB`);
    }
  });

  it('refuses paths that leave the bucket, and answers 404 for missing objects and buckets', async () => {
    const server = await localSupabase();
    for (const attempt of [
      '/storage/v1/object/public/content/../../config.toml',
      '/storage/v1/object/public/content/%2e%2e/%2e%2e/config.toml',
      '/storage/v1/object/public/content/projects/..%2F..%2F..%2Fconfig.toml',
      '/storage/v1/object/public/content/%2Fetc%2Fpasswd',
      '/storage/v1/object/public/content/projects%5C..%5C..%5Cconfig.toml',
    ]) {
      const result = await rawGet(server.url, attempt);
      assert.equal(result.status, 400, attempt);
      assert.doesNotMatch(result.body, /project_id/, attempt);
    }
    assert.equal(
      (await rawGet(server.url, '/storage/v1/object/public/content/projects/nope.webp')).status,
      404,
    );
    assert.equal((await rawGet(server.url, '/storage/v1/object/public/private/x.webp')).status, 404);
    const upload = await fetch(`${server.url}/storage/v1/object/public/content/projects/new.webp`, {
      method: 'POST',
      body: 'x',
    });
    assert.equal(upload.status, 405);
  });
});
