// Realtime with the real supabase-js client over WebSocket: an edit made with the service key (the owner's
// dashboard) reaches a visitor's subscription, INSERT, UPDATE and DELETE alike; a row the visitor may not read is never
// sent; filters narrow what arrives. How soon an edit shows on an open page is a figure of the bench
// (bench/latency.mjs), not of these tests.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { anonClient, localSupabase, serviceClient, unique } from '../support/localSupabase.ts';

/** A postgres_changes payload as supabase-js delivers it (new / old are {} when absent). */
interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

/**
 * How long a wait for a change or a frame may take before it counts as never coming: a safety net sized for a slow
 * machine (one core, the build beside), never what decides a pass (they come in milliseconds).
 */
const arrivesWithinMs = 20_000;

interface Subscription {
  channel: RealtimeChannel;
  changes: Change[];
  /** Resolves with the first change that matches, or rejects after `ms`. */
  next(match: (change: Change) => boolean, ms?: number): Promise<Change>;
}

async function subscribe(
  client: SupabaseClient,
  name: string,
  binding: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
): Promise<Subscription> {
  const changes: Change[] = [];
  const waiters: { match: (change: Change) => boolean; resolve: (change: Change) => void }[] = [];
  const channel = client
    .channel(name)
    .on('postgres_changes' as never, { schema: 'public', ...binding } as never, (change: Change) => {
      changes.push(change);
      for (const waiter of [...waiters]) {
        if (waiter.match(change)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(change);
        }
      }
    });
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return {
    channel,
    changes,
    next(match, ms = arrivesWithinMs) {
      const seen = changes.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching change within ${ms} ms`)), ms);
        waiters.push({ match, resolve: (change) => (clearTimeout(timer), resolve(change)) });
      });
    },
  };
}

/** A socket that speaks Phoenix frames (vsn 2.0.0) with the stand-in directly, to read the messages themselves. */
async function rawSocket(key?: string) {
  const server = await localSupabase();
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${key ?? server.publishableKey}&vsn=2.0.0`,
  );
  const frames: unknown[][] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as unknown[]));
  await new Promise((resolve) => socket.once('open', resolve));
  return {
    frames,
    send: (frame: unknown[] | string) =>
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** The first frame that matches, taken out of `frames`; rejects after `ms`. */
    nextFrame: (match: (frame: unknown[]) => boolean, ms = arrivesWithinMs): Promise<unknown[]> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no frame')), ms);
        const check = (): void => {
          const found = frames.find(match);
          if (found) {
            clearTimeout(timer);
            frames.splice(frames.indexOf(found), 1);
            resolve(found);
          } else setTimeout(check, 10);
        };
        check();
      }),
    close: () => socket.close(),
  };
}

/**
 * Runs `run` with a published table under row-level security, public.local_test_notes: anon reads the shared notes
 * only, the service role every note (and inserts them).
 */
async function withNotesTable(
  run: (server: Awaited<ReturnType<typeof localSupabase>>) => Promise<void>,
): Promise<void> {
  const server = await localSupabase();
  await server.db.exec(`
    create table if not exists public.local_test_notes (id uuid primary key default gen_random_uuid(), body text not null, shared boolean not null);
    alter table public.local_test_notes enable row level security;
    drop policy if exists "shared notes" on public.local_test_notes;
    create policy "shared notes" on public.local_test_notes for select to anon using (shared);
    grant select on public.local_test_notes to anon;
    grant select, insert on public.local_test_notes to service_role;
    alter publication supabase_realtime add table public.local_test_notes;
  `);
  await server.reloadSchema();
  try {
    await run(server);
  } finally {
    await server.db.exec(
      'alter publication supabase_realtime drop table public.local_test_notes; drop table public.local_test_notes;',
    );
    await server.reloadSchema();
  }
}

describe('realtime: postgres_changes', () => {
  let visitor: SupabaseClient;
  let owner: SupabaseClient;

  before(async () => {
    visitor = await anonClient();
    owner = await serviceClient();
  });

  after(async () => {
    await visitor.removeAllChannels();
    await owner.removeAllChannels();
  });

  it('delivers INSERT, UPDATE and DELETE made with the service key', async () => {
    const subscription = await subscribe(visitor, 'projects-live', { event: '*', table: 'projects' });
    const title = unique('Live project');

    const { data: created } = await owner
      .from('projects')
      .insert({
        title,
        image_path: 'projects/adpulse.webp',
        link_to_project: 'https://example.com',
        keywords: ['websockets'],
      })
      .select('id')
      .single();
    const id = created?.id as string;
    const inserted = await subscription.next(
      (change) => change.eventType === 'INSERT' && change.new.id === id,
    );
    assert.equal(inserted.schema, 'public');
    assert.equal(inserted.table, 'projects');
    assert.equal(inserted.new.title, title);
    assert.deepEqual(inserted.new.keywords, ['websockets'], 'text[] arrives as an array');
    assert.equal(inserted.new.featured_rank, null);
    assert.match(inserted.commit_timestamp, /^\d{4}-\d{2}-\d{2}T/);

    await owner
      .from('projects')
      .update({ title: `${title} (edited)`, featured_rank: null })
      .eq('id', id);
    const updated = await subscription.next(
      (change) => change.eventType === 'UPDATE' && change.new.id === id,
    );
    assert.equal(updated.new.title, `${title} (edited)`);
    assert.deepEqual(updated.old, { id }, 'without REPLICA IDENTITY FULL the old record is the key only');

    await owner.from('projects').delete().eq('id', id);
    const deleted = await subscription.next(
      (change) => change.eventType === 'DELETE' && change.old.id === id,
    );
    assert.deepEqual(deleted.old, { id });
    await visitor.removeChannel(subscription.channel);
  });

  it('an event-specific binding only hears that event; a filter narrows by value', async () => {
    const inserts = await subscribe(visitor, 'ads-inserts', { event: 'INSERT', table: 'ads' });
    const promoted = await subscribe(visitor, 'ads-promo-50', {
      event: '*',
      table: 'ads',
      filter: 'promo_percent=eq.50',
    });
    const first = unique('Ad');
    const second = unique('Ad');
    const { data } = await owner
      .from('ads')
      .insert([
        { title: first, image_path: 'ads/hire-me.webp', link: 'https://example.com', promo_percent: 50 },
        { title: second, image_path: 'ads/hire-me.webp', link: 'https://example.com', promo_percent: 10 },
      ])
      .select('id');
    await owner
      .from('ads')
      .update({ description: 'changed' })
      .in(
        'id',
        (data ?? []).map((row) => row.id),
      );
    await promoted.next((change) => change.eventType === 'UPDATE' && change.new.title === first);
    await inserts.next((change) => change.new.title === second);
    const server = await localSupabase();
    await server.realtimeIdle();
    assert.deepEqual(
      inserts.changes.map((change) => change.eventType),
      ['INSERT', 'INSERT'],
    );
    assert.deepEqual(
      promoted.changes.map((change) => [change.eventType, change.new.title]),
      [
        ['INSERT', first],
        ['UPDATE', first],
      ],
    );
    await owner
      .from('ads')
      .delete()
      .in(
        'id',
        (data ?? []).map((row) => row.id),
      );
    await visitor.removeChannel(inserts.channel);
    await visitor.removeChannel(promoted.channel);
  });

  it('never sends a row the subscriber may not read (RLS), while the owner hears it', async () => {
    await withNotesTable(async (server) => {
      const visitorView = await subscribe(visitor, 'notes-visitor', {
        event: 'INSERT',
        table: 'local_test_notes',
      });
      const ownerView = await subscribe(owner, 'notes-owner', { event: 'INSERT', table: 'local_test_notes' });
      await owner.from('local_test_notes').insert({ body: 'private', shared: false });
      await owner.from('local_test_notes').insert({ body: 'public', shared: true });
      await visitorView.next((change) => change.new.body === 'public');
      await ownerView.next((change) => change.new.body === 'public');
      await server.realtimeIdle();
      assert.deepEqual(
        visitorView.changes.map((change) => change.new.body),
        ['public'],
        'the private row never reached the visitor',
      );
      assert.deepEqual(
        ownerView.changes.map((change) => change.new.body),
        ['private', 'public'],
      );
      await visitor.removeChannel(visitorView.channel);
      await owner.removeChannel(ownerView.channel);
    });
  });

  it("a channel's role changes only with a user's token, as on hosted Realtime: an API key or null (supabase-js's at sign-out) leaves it, unanswered; an API key at join is the socket's", async () => {
    await withNotesTable(async (server) => {
      const socket = await rawSocket();
      const { nextFrame } = socket;
      const config = { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'local_test_notes' }] };
      socket.send([
        '1',
        '1',
        'realtime:owner',
        'phx_join',
        { config, access_token: await server.signToken({ role: 'service_role' }) },
      ]);
      // The secret key as a join's token, on a socket opened with the publishable key: the socket's key decides.
      socket.send(['2', '2', 'realtime:keyed', 'phx_join', { config, access_token: server.secretKey }]);
      for (const ref of ['1', '2'])
        assert.equal(((await nextFrame((frame) => frame[1] === ref))[4] as { status: string }).status, 'ok');
      socket.send(['1', '3', 'realtime:owner', 'access_token', { access_token: null }]);
      socket.send(['1', '4', 'realtime:owner', 'access_token', { access_token: server.publishableKey }]);
      // The socket's frames are handled in order: once the heartbeat is answered, both tokens were.
      socket.send([null, '5', 'phoenix', 'heartbeat', {}]);
      await nextFrame((frame) => frame[1] === '5');

      const owner = await serviceClient();
      await owner.from('local_test_notes').insert({ body: 'private', shared: false });
      await owner.from('local_test_notes').insert({ body: 'public', shared: true });
      const bodiesOn = async (topic: string) => {
        const bodies: unknown[] = [];
        while (!bodies.includes('public')) {
          const change = await nextFrame((frame) => frame[2] === topic && frame[3] === 'postgres_changes');
          bodies.push((change[4] as { data: { record: { body: string } } }).data.record.body);
        }
        return bodies;
      };
      assert.deepEqual(await bodiesOn('realtime:owner'), ['private', 'public'], 'the service role kept');
      assert.deepEqual(
        await bodiesOn('realtime:keyed'),
        ['public'],
        "the socket's key (anon), not the secret key's role",
      );
      assert.deepEqual(
        socket.frames.filter((frame) => frame[1] === '3' || frame[1] === '4'),
        [],
        'hosted Realtime answers no token',
      );
      socket.close();
    });
  });

  it('tables with personal data are not published: a subscriber hears nothing', async () => {
    const subscription = await subscribe(owner, 'emails-watch', { event: '*', table: 'emails' });
    // A published table on the same socket: changes go out one at a time in commit order, so once this one has
    // arrived, an earlier change to emails would have arrived too, had it been sent.
    const control = await subscribe(owner, 'emails-control', { event: 'UPDATE', table: 'courses' });
    const email = `${unique('quiet').replace(/\W+/g, '.')}@example.com`;
    const stored = await owner.from('emails').insert({ email }).select('email');
    assert.equal(stored.status, 201);
    assert.deepEqual(stored.data, [{ email }], 'the subscription was stored');
    const { data: course } = await owner.from('courses').select('id, title').limit(1).single();
    await owner.from('courses').update({ title: course?.title }).eq('id', course?.id);
    await control.next((change) => change.new.id === course?.id);
    assert.equal(subscription.changes.length, 0);
    await owner.from('emails').delete().eq('email', email);
    await owner.removeChannel(subscription.channel);
    await owner.removeChannel(control.channel);
  });

  it('a large row (over the 8000-byte NOTIFY limit) still arrives whole', async () => {
    const subscription = await subscribe(visitor, 'videos-large', { event: 'INSERT', table: 'videos' });
    const description = 'çãõ '.repeat(1200); // 4800 characters, 8400 bytes: over the NOTIFY limit
    const videoId = `L${Date.now().toString(36).slice(-8)}ab`.slice(0, 11);
    await owner.from('videos').insert({
      video_id: videoId,
      title: 'Long one',
      description,
      thumbnail_url: 'videos/exEHxCV3--d.webp',
      published_at: '2026-03-03T00:00:00Z',
    });
    const change = await subscription.next((candidate) => candidate.new.video_id === videoId);
    assert.equal(change.new.description, description);
    await owner.from('videos').delete().eq('video_id', videoId);
    await visitor.removeChannel(subscription.channel);
  });

  it("a filter compares as the column's type, as hosted casts it: text as text, a uuid in any letter case", async () => {
    const asText = await subscribe(visitor, 'projects-title-text', {
      event: 'INSERT',
      table: 'projects',
      filter: 'title=lt.9',
    });
    const { data: project } = await owner.from('projects').select('id').limit(1).single();
    const id = project?.id as string;
    const anyCase = await subscribe(visitor, 'projects-uuid-case', {
      event: 'UPDATE',
      table: 'projects',
      filter: `id=eq.${id.toUpperCase()}`,
    });
    const { data: created } = await owner
      .from('projects')
      .insert({ title: '10', image_path: 'projects/adpulse.webp', link_to_project: 'https://example.com' })
      .select('id')
      .single();
    await owner.from('projects').update({ description: 'touched' }).eq('id', id);
    // '10' < '9' as text (a comparison of numbers would say no); the uuid matches whatever its letter case.
    const inserted = await asText.next((change) => change.new.id === created?.id);
    assert.equal(inserted.new.title, '10');
    await anyCase.next((change) => change.new.id === id);
    await owner.from('projects').delete().eq('id', created?.id);
    await visitor.removeChannel(asText.channel);
    await visitor.removeChannel(anyCase.channel);
  });

  it('a DELETE under row-level security sends only the key, even with REPLICA IDENTITY FULL; an UPDATE the whole old row', async () => {
    const server = await localSupabase();
    await server.db.exec('alter table public.testimonials replica identity full');
    await server.reloadSchema();
    try {
      const subscription = await subscribe(visitor, 'testimonials-full', {
        event: '*',
        table: 'testimonials',
      });
      const { data } = await owner
        .from('testimonials')
        .insert({ person_name: unique('Person'), platform: 'UDEMY', testimonial: 'Clear and kind.' })
        .select('*')
        .single();
      const row = data as Record<string, unknown>;
      await owner.from('testimonials').update({ testimonial: 'Clearer.' }).eq('id', row.id);
      await owner.from('testimonials').delete().eq('id', row.id);
      const updated = await subscription.next(
        (change) => change.eventType === 'UPDATE' && change.new.id === row.id,
      );
      assert.deepEqual(updated.old, row, 'an UPDATE carries the whole old row');
      const deleted = await subscription.next(
        (change) => change.eventType === 'DELETE' && change.old.id === row.id,
      );
      assert.deepEqual(
        deleted.old,
        { id: row.id },
        'a deleted row cannot be checked against policies: its key only',
      );
      await visitor.removeChannel(subscription.channel);
    } finally {
      await server.db.exec('alter table public.testimonials replica identity default');
      await server.reloadSchema();
    }
  });

  it('commit_timestamp is the time the transaction committed, one for all its changes, not the time of sending', async () => {
    const server = await localSupabase();
    const subscription = await subscribe(visitor, 'ads-commit-time', { event: 'INSERT', table: 'ads' });
    const titles = [unique('Committed ad'), unique('Committed ad')];
    // Whatever the stand-in sends next waits a while for the database: its sending is late, its commit is not.
    const unlisten = await server.db.listen('supabase_local_realtime', () => {
      void server.db.transaction(() => new Promise((resolve) => setTimeout(resolve, 400)));
    });
    let committedBy = 0;
    try {
      await server.db.transaction(async (tx) => {
        for (const title of titles)
          await tx.query(
            `insert into public.ads (title, image_path, link) values ($1, 'ads/hire-me.webp', 'https://example.com')`,
            [title],
          );
      });
      committedBy = Date.now();
    } finally {
      await unlisten();
    }
    const changes = await Promise.all(
      titles.map((title) => subscription.next((change) => change.new.title === title)),
    );
    const [first, second] = changes.map((change) => change.commit_timestamp);
    assert.match(first ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'as Realtime prints it');
    assert.equal(first, second, 'one transaction, one commit time');
    assert.ok(
      Date.parse(first ?? '') <= committedBy,
      `committed by ${new Date(committedBy).toISOString()}, stamped ${first}`,
    );
    await owner.from('ads').delete().in('title', titles);
    await visitor.removeChannel(subscription.channel);
  });

  it("sends the messages in hosted Realtime's shape: record on INSERT and UPDATE, old_record on UPDATE and DELETE", async () => {
    const socket = await rawSocket();
    const config = { postgres_changes: [{ event: '*', schema: 'public', table: 'courses' }] };
    socket.send(['1', '1', 'realtime:shape', 'phx_join', { config }]);
    const join = (await socket.nextFrame((frame) => frame[1] === '1')) as [
      string,
      string,
      string,
      string,
      { response: { postgres_changes: { id: number }[] } },
    ];
    const bindingId = join[4].response.postgres_changes[0]?.id;
    const { data } = await owner
      .from('courses')
      .insert({
        title: unique('Shape'),
        image_path: 'courses/angular.webp',
        platform: 'YOUTUBE',
        link_to_course: 'https://example.com',
      })
      .select('id')
      .single();
    await owner.from('courses').update({ description: 'changed' }).eq('id', data?.id);
    await owner.from('courses').delete().eq('id', data?.id);
    const shapes: Record<string, string[]> = {};
    for (const type of ['INSERT', 'UPDATE', 'DELETE']) {
      const frame = await socket.nextFrame(
        (candidate) =>
          candidate[3] === 'postgres_changes' &&
          (candidate[4] as { data: { type: string } }).data.type === type,
      );
      const payload = frame[4] as { ids: number[]; data: Record<string, unknown> };
      assert.deepEqual(payload.ids, [bindingId]);
      shapes[type] = Object.keys(payload.data).sort();
      const columns = payload.data.columns as { name: string; type: string }[];
      assert.deepEqual(
        columns.filter((column) => ['id', 'keywords', 'platform', 'created_at'].includes(column.name)),
        [
          { name: 'id', type: 'uuid' },
          { name: 'platform', type: 'course_platform' },
          { name: 'keywords', type: '_text' },
          { name: 'created_at', type: 'timestamptz' },
        ],
      );
    }
    const common = ['columns', 'commit_timestamp', 'errors', 'schema', 'table', 'type'];
    assert.deepEqual(shapes, {
      INSERT: [...common, 'record'].sort(),
      UPDATE: [...common, 'old_record', 'record'].sort(),
      DELETE: [...common, 'old_record'].sort(),
    });
    socket.close();
  });

  it('a broadcast or presence push gets an error reply (the stand-in has neither), not silence', async () => {
    const socket = await rawSocket();
    const config = { broadcast: { ack: true, self: false }, presence: { key: '', enabled: true } };
    socket.send(['1', '1', 'realtime:room', 'phx_join', { config }]);
    await socket.nextFrame((frame) => frame[1] === '1');
    socket.send(['1', '2', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'hello', payload: {} }]);
    socket.send(['1', '3', 'realtime:room', 'presence', { type: 'presence', event: 'track', payload: {} }]);
    for (const [ref, what] of [
      ['2', 'Broadcast'],
      ['3', 'Presence'],
    ] as const) {
      const reply = await socket.nextFrame((frame) => frame[1] === ref);
      assert.deepEqual(reply, [
        '1',
        ref,
        'realtime:room',
        'phx_reply',
        { status: 'error', response: { reason: `${what} is not supported by the local stand-in` } },
      ]);
    }
    const channel = visitor.channel('presence-room');
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    assert.equal(await channel.track({ here: true }), 'error', 'supabase-js hears the refusal');
    await visitor.removeChannel(channel);
    socket.close();
  });

  it('a subscription to an unknown table is refused at join', async () => {
    await assert.rejects(
      subscribe(visitor, 'nothing', { event: '*', table: 'no_such_table' }),
      /Unable to subscribe/,
    );
    await visitor.removeAllChannels();
  });

  it('speaks the Phoenix frames itself: heartbeat, join ids, leave, access_token', async () => {
    const server = await localSupabase();
    const socket = await rawSocket();
    const { nextFrame } = socket;

    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    assert.deepEqual(await nextFrame((frame) => frame[1] === '1'), [
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);

    const config = {
      broadcast: { ack: false, self: false },
      presence: { key: '', enabled: false },
      private: false,
      postgres_changes: [
        { event: '*', schema: 'public', table: 'courses' },
        { event: 'UPDATE', schema: 'public', table: 'videos', filter: 'video_id=eq.HYao9h5SlWZ' },
      ],
    };
    socket.send(
      JSON.stringify(['3', '3', 'realtime:raw', 'phx_join', { config, access_token: server.publishableKey }]),
    );
    const reply = (await nextFrame((frame) => frame[1] === '3')) as [
      string,
      string,
      string,
      string,
      {
        status: string;
        response: { postgres_changes: { id: number; event: string; table: string; filter?: string }[] };
      },
    ];
    assert.equal(reply[3], 'phx_reply');
    assert.equal(reply[4].status, 'ok');
    const [courses, videos] = reply[4].response.postgres_changes;
    assert.deepEqual(
      { ...courses, id: undefined },
      { event: '*', schema: 'public', table: 'courses', id: undefined },
    );
    assert.equal(videos?.filter, 'video_id=eq.HYao9h5SlWZ');
    assert.ok(typeof courses?.id === 'number' && typeof videos?.id === 'number' && courses.id !== videos.id);

    const expired = await server.signToken({ role: 'anon', exp: 1 });
    socket.send(JSON.stringify(['3', '4', 'realtime:raw', 'access_token', { access_token: expired }]));
    const system = await nextFrame(
      (frame) => frame[3] === 'system' && (frame[4] as { status: string }).status === 'error',
    );
    assert.match((system[4] as { message: string }).message, /Invalid token: JWT expired/);
    await nextFrame((frame) => frame[3] === 'phx_close');

    socket.send(JSON.stringify(['5', '5', 'realtime:raw', 'phx_join', { config }]));
    await nextFrame((frame) => frame[1] === '5');
    socket.send(JSON.stringify(['5', '6', 'realtime:raw', 'phx_leave', {}]));
    assert.deepEqual(await nextFrame((frame) => frame[1] === '6'), [
      '5',
      '6',
      'realtime:raw',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    socket.close();
  });

  it('refuses a socket without a valid apikey', async () => {
    const server = await localSupabase();
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=forged&vsn=2.0.0`,
    );
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('open', () => resolve(undefined));
      socket.once('error', () => resolve(-1));
    });
    assert.equal(status, 401);
    socket.terminate();
  });

  it('refuses a channel past 100 on one socket, and more than 100 bindings on one channel', async () => {
    const server = await localSupabase();
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.publishableKey}&vsn=2.0.0`,
    );
    const replies = new Map<string, { status: string; response: { reason?: string } }>();
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as [string, string, string, string, never];
      if (frame[3] === 'phx_reply') replies.set(frame[1], frame[4]);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const join = (ref: string, topic: string, bindings: number) =>
      socket.send(
        JSON.stringify([
          ref,
          ref,
          topic,
          'phx_join',
          {
            config: {
              postgres_changes: Array.from({ length: bindings }, () => ({
                event: '*',
                schema: 'public',
                table: 'courses',
              })),
            },
          },
        ]),
      );
    join('wide', 'realtime:wide', 101);
    for (let index = 0; index < 101; index += 1) join(String(index), `realtime:c${index}`, 1);
    join('again', 'realtime:c0', 1);
    // Every join answered (the runner's --test-timeout is the safety net).
    while (replies.size < 103) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    assert.equal(replies.get('99')?.status, 'ok');
    assert.deepEqual(replies.get('100'), {
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    assert.match(replies.get('wide')?.response.reason ?? '', /at most 100 per channel/);
    assert.equal(replies.get('again')?.status, 'ok', 'joining a channel it has again is not a new one');
  });
});
