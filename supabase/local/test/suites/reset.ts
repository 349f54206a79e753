// reset() puts the pristine seeded data back without a restart, and Realtime keeps working afterwards.
// Runs last: it throws away what earlier suites left behind.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anonClient, localSupabase, serviceClient } from '../support/localSupabase.ts';

describe('reset', () => {
  it('restores the seed, and subscriptions made afterwards hear changes', async () => {
    const server = await localSupabase();
    const owner = await serviceClient();
    const changed = await owner
      .from('ads')
      .update({ title: 'Changed before reset' })
      .eq('id', 'e276a727-3efd-4a45-8707-aaf67d5d849b')
      .select('title');
    assert.deepEqual(changed.data, [{ title: 'Changed before reset' }], 'the change was made');
    await server.reset();
    const { data } = await owner
      .from('ads')
      .select('title')
      .eq('id', 'e276a727-3efd-4a45-8707-aaf67d5d849b')
      .single();
    assert.equal(data?.title, 'Angular from Zero to Real Apps');

    const visitor = await anonClient();
    let heard: (title: string) => void = () => undefined;
    const change = new Promise<string>((resolve) => (heard = resolve));
    const channel = visitor
      .channel('after-reset')
      .on(
        'postgres_changes' as never,
        { event: 'UPDATE', schema: 'public', table: 'ads' } as never,
        (payload: { new: { title: string } }) => heard(payload.new.title),
      );
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(error ?? new Error(status));
      }),
    );
    await owner.from('ads').update({ title: 'After reset' }).eq('id', 'e276a727-3efd-4a45-8707-aaf67d5d849b');
    // A subscription that hears nothing waits until the runner's --test-timeout.
    assert.equal(await change, 'After reset');
    await visitor.removeAllChannels();
  });

  it('POST /_local/reset does the same for end-to-end tests in another process (secret key only)', async () => {
    const server = await localSupabase();
    const owner = await serviceClient();
    const removed = await owner
      .from('ads')
      .delete()
      .eq('id', 'c50153fc-79e0-40e4-80d2-82dff3306558')
      .select('id');
    assert.deepEqual(removed.data, [{ id: 'c50153fc-79e0-40e4-80d2-82dff3306558' }], 'the ad was deleted');
    const before = await owner.from('ads').select('*', { count: 'exact', head: true });
    assert.equal(before.count, 2);
    const denied = await fetch(`${server.url}/_local/reset`, {
      method: 'POST',
      headers: { apikey: server.publishableKey },
    });
    assert.equal(denied.status, 401);
    const reset = await fetch(`${server.url}/_local/reset`, {
      method: 'POST',
      headers: { apikey: server.secretKey },
    });
    assert.equal(reset.status, 200);
    const { count } = await owner.from('ads').select('*', { count: 'exact', head: true });
    assert.equal(count, 3);
  });
});
