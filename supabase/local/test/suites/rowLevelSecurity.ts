// Row-level security through the API, as the site and the owner meet it: a visitor (anon key), a signed-in user
// (role authenticated) and the owner (service-role key), on every table, for select / insert / update / delete.
// PostgREST's codes: a denied visitor gets 401, a denied signed-in user 403, both with code 42501.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, unique, userClient } from '../support/localSupabase.ts';

const contentTables = ['projects', 'courses', 'testimonials', 'ads', 'videos'] as const;
const unknownId = '00000000-0000-4000-8000-00000000ffff';

function newRow(table: string): Record<string, unknown> {
  const label = unique(table);
  switch (table) {
    case 'projects':
      return { title: label, image_path: 'projects/adpulse.webp', link_to_project: 'https://example.com' };
    case 'courses':
      return {
        title: label,
        image_path: 'courses/git-and-github.webp',
        platform: 'UDEMY',
        link_to_course: 'https://example.com',
      };
    case 'testimonials':
      return { person_name: label, platform: 'YOUTUBE', testimonial: 'Helpful.' };
    case 'ads':
      return { title: label, image_path: 'ads/hire-me.webp', link: 'https://example.com' };
    case 'videos':
      return {
        video_id: `r${Math.random().toString(36).slice(2, 12).padEnd(10, 'x')}`,
        title: label,
        thumbnail_url: 'videos/exEHxCV3--d.webp',
        published_at: '2026-02-02T00:00:00Z',
      };
    case 'emails':
      return { email: `${label.replace(/\W+/g, '.')}@example.com` };
    case 'contacts':
      return { full_name: 'Rita Lopes', email: 'rita@example.pt', subject: 'Hello', message: 'A message.' };
    default:
      return { name: 'userInApp', route: '/' };
  }
}

const visitors: { who: 'anon' | 'authenticated'; denied: number; client: () => Promise<SupabaseClient> }[] = [
  { who: 'anon', denied: 401, client: anonClient },
  { who: 'authenticated', denied: 403, client: userClient },
];

for (const visitor of visitors) {
  describe(`row-level security: ${visitor.who}`, () => {
    let db: SupabaseClient;
    before(async () => {
      db = await visitor.client();
    });

    const expectDenied = (result: { status: number; error: { code: string } | null }, what: string): void => {
      assert.equal(
        result.error?.code,
        '42501',
        `${visitor.who} ${what}: expected 42501, got ${JSON.stringify(result.error)}`,
      );
      assert.equal(result.status, visitor.denied, `${visitor.who} ${what}`);
    };

    for (const table of contentTables) {
      it(`${table}: reads, but cannot insert, update or delete`, async () => {
        const read = await db.from(table).select('*').limit(1);
        assert.equal(read.error, null);
        assert.equal(read.data?.length, 1);
        expectDenied(await db.from(table).insert(newRow(table)), `insert ${table}`);
        expectDenied(
          await db.from(table).update({ created_at: '2020-01-01T00:00:00Z' }).eq('id', unknownId),
          `update ${table}`,
        );
        expectDenied(await db.from(table).delete().eq('id', unknownId), `delete ${table}`);
      });
    }

    // What visitors send goes through edge functions with rate limits (newsletter-subscribe, contact,
    // analytics-events); the tables themselves are closed to them, an upsert included (it could tell who subscribed).
    for (const table of ['emails', 'contacts', 'analytics_events'] as const) {
      it(`${table}: nothing at all`, async () => {
        expectDenied(await db.from(table).select('*'), `select ${table}`);
        expectDenied(await db.from(table).insert(newRow(table)), `insert ${table}`);
        if (table === 'emails') {
          expectDenied(
            await db.from('emails').upsert(newRow('emails'), { onConflict: 'email', ignoreDuplicates: true }),
            'upsert emails',
          );
        }
        const someId = table === 'analytics_events' ? 1 : unknownId;
        expectDenied(
          await db.from(table).update({ created_at: '2020-01-01T00:00:00Z' }).eq('id', someId),
          `update ${table}`,
        );
        expectDenied(await db.from(table).delete().eq('id', someId), `delete ${table}`);
      });
    }
  });
}

describe('row-level security: service role', () => {
  let owner: SupabaseClient;
  const cleanup: { table: string; column: string; value: unknown }[] = [];
  before(async () => {
    owner = await serviceClient();
  });
  after(async () => {
    for (const { table, column, value } of cleanup) await owner.from(table).delete().eq(column, value);
  });

  for (const table of [...contentTables, 'emails', 'contacts', 'analytics_events']) {
    it(`${table}: selects, inserts, updates and deletes`, async () => {
      const inserted = await owner.from(table).insert(newRow(table)).select('id').single();
      assert.equal(inserted.error, null, JSON.stringify(inserted.error));
      const id = inserted.data?.id as unknown;
      const read = await owner.from(table).select('*').eq('id', id);
      assert.equal(read.data?.length, 1);
      const column =
        table === 'analytics_events'
          ? 'route'
          : table === 'emails'
            ? 'email'
            : table === 'contacts'
              ? 'subject'
              : table === 'testimonials'
                ? 'testimonial'
                : 'title';
      const value =
        column === 'email'
          ? `${unique('changed').replace(/\W+/g, '.')}@example.com`
          : column === 'route'
            ? '/changed'
            : 'Changed';
      const updated = await owner
        .from(table)
        .update({ [column]: value })
        .eq('id', id)
        .select(column)
        .single();
      assert.equal(updated.error, null, JSON.stringify(updated.error));
      assert.equal((updated.data as Record<string, unknown> | null)?.[column], value);
      const removed = await owner.from(table).delete({ count: 'exact' }).eq('id', id);
      assert.equal(removed.error, null);
      assert.equal(removed.count, 1);
      if (removed.count !== 1) cleanup.push({ table, column: 'id', value: id });
    });
  }
});
