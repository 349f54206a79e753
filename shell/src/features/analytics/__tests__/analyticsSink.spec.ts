import { publish } from '@site/shared-ui/eventBus';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_DELAY_MS,
  startAnalyticsSink,
  type StoreRows,
} from '../analyticsSink.ts';
import { MAX_PAYLOAD_VALUE_LENGTH, type AnalyticsRow } from '../toAnalyticsRow.ts';

const backend: SupabaseRuntimeConfig = {
  url: 'http://127.0.0.1:54321',
  publishableKey: 'sb_publishable_test',
};

interface Sent {
  rows: readonly AnalyticsRow[];
  keepalive: boolean;
}

/** Records what the sink hands over for storage (the network request itself is proven end to end). */
function startRecordingSink(route = '/portfolio') {
  const sent: Sent[] = [];
  const storeRows: StoreRows = async (_backend, rows, { keepalive }) => {
    sent.push({ rows, keepalive });
  };
  const stop = startAnalyticsSink({
    backend: Promise.resolve(backend),
    currentRoute: () => route,
    storeRows,
  });
  return { sent, stop };
}

async function backendKnown() {
  await Promise.resolve();
  await Promise.resolve();
}

describe('the analytics sink', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it('stores an event with its values and the current route, a few seconds later', async () => {
    const sink = startRecordingSink('/portfolio');
    stop = sink.stop;
    await backendKnown();
    publish({ name: 'userSearchForProject', searchTerm: 'angular' });
    expect(sink.sent).toHaveLength(0);
    jest.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS);
    expect(sink.sent).toEqual([
      {
        rows: [{ name: 'userSearchForProject', payload: { searchTerm: 'angular' }, route: '/portfolio' }],
        keepalive: false,
      },
    ]);
  });

  it('sends a full batch at once', async () => {
    const sink = startRecordingSink();
    stop = sink.stop;
    await backendKnown();
    for (let index = 0; index < ANALYTICS_BATCH_SIZE; index += 1) publish({ name: 'userViewsCV' });
    expect(sink.sent).toHaveLength(1);
    expect(sink.sent[0]?.rows).toHaveLength(ANALYTICS_BATCH_SIZE);
  });

  it('keeps events published before the backend is known (userInApp at start)', async () => {
    const sink = startRecordingSink('/');
    stop = sink.stop;
    publish({ name: 'userInApp' });
    await backendKnown();
    jest.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS);
    expect(sink.sent.flatMap((batch) => batch.rows)).toEqual([
      { name: 'userInApp', payload: {}, route: '/' },
    ]);
  });

  it('flushes with keepalive when the page is hidden', async () => {
    const sink = startRecordingSink();
    stop = sink.stop;
    await backendKnown();
    publish({ name: 'userViewsAllTutorials' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sink.sent).toEqual([
      { rows: [{ name: 'userViewsAllTutorials', payload: {}, route: '/portfolio' }], keepalive: true },
    ]);
  });

  it('cuts very long values so a row stays small', async () => {
    const sink = startRecordingSink();
    stop = sink.stop;
    await backendKnown();
    publish({ name: 'userSearchForCourse', searchTerm: 'x'.repeat(5000) });
    jest.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS);
    expect(sink.sent[0]?.rows[0]?.payload.searchTerm).toHaveLength(MAX_PAYLOAD_VALUE_LENGTH);
  });

  it('stops storing after it is stopped', async () => {
    const sink = startRecordingSink();
    await backendKnown();
    sink.stop();
    publish({ name: 'userViewsCV' });
    jest.advanceTimersByTime(ANALYTICS_FLUSH_DELAY_MS);
    expect(sink.sent).toHaveLength(0);
  });
});
