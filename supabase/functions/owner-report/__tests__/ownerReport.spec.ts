// The owner-report function under Node against the local stand-in (its own schedule off, so these calls are the
// only ones): only a secret key of the project may call it; {} is the schedule's call, which queues the last week's report once
// it is due and once only, however many calls come, even at the same time; {"now": true} queues the last seven days'
// report every time. Each report's mail waits in the outbox. (The mail itself is read in the mail catcher by the
// end-to-end tests.)
import ownerReport, { requestedReport } from '../handler.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  projectVariables,
  restoreEnvAfterAll,
  startLocalBackend,
  applyProjectEnv,
  type LocalBackend,
} from '../../_shared/__tests__/localBackend.ts';

restoreEnvAfterAll([...projectVariables, 'SMTP_URL']);
// Every report counts a week of events in the stand-in's database, which runs one statement at a time.
jest.setTimeout(60_000);
let backend: LocalBackend;

beforeAll(async () => {
  backend = await startLocalBackend({}, { schedule: false });
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await backend?.stop();
});

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  applyProjectEnv(backend);
  // No transport: mail stays in the outbox, where these tests read it.
  delete process.env.SMTP_URL;
});

const call = (body: unknown, { key = backend.secretKey, method = 'POST' } = {}) =>
  ownerReport(
    new Request('http://localhost/owner-report', {
      method,
      headers: { ...(key === '' ? {} : { apikey: key }), 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
  );

const answerOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { outcome?: string; reportId?: string | null; error?: string }),
});

/** The day of the week today, in UTC (1 Monday ... 7 Sunday). */
const isoWeekday = (date: Date) => ((date.getUTCDay() + 6) % 7) + 1;

async function setSchedule(changes: Record<string, unknown>) {
  expect(await backend.writeAsOwner('PATCH', 'owner_report_settings?id=eq.true', changes)).toBe(204);
}

describe('owner-report: who may call it, and with what', () => {
  it('answers 401 to the publishable key, to a wrong key and to no key, 405 to a GET', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await answerOf(await call({}, { key: backend.publishableKey }))).toMatchObject({
      status: 401,
      error: 'secret_key_required',
    });
    expect(await answerOf(await call({}, { key: 'sb_secret_not-this-project' }))).toMatchObject({
      status: 401,
      error: 'invalid_api_key',
    });
    expect(await answerOf(await call({}, { key: '' }))).toMatchObject({
      status: 401,
      error: 'missing_api_key',
    });
    expect((await call(undefined, { method: 'GET' })).status).toBe(405);
  });

  it.each<[string, unknown]>([
    ['now as a string', { now: 'yes' }],
    ['another field', { now: true, week: '2026-11-16' }],
    ['an array', [true]],
  ])('refuses %s with 400', async (_case, body) => {
    expect(await answerOf(await call(body))).toEqual({ status: 400, error: 'invalid_body' });
  });

  it('refuses a body that is not JSON', async () => {
    expect((await call('now')).status).toBe(400);
  });

  it('reads {} and {"now": false} as the schedule, {"now": true} as now', () => {
    expect(requestedReport({})).toBe('weekly');
    expect(requestedReport({ now: false })).toBe('weekly');
    expect(requestedReport({ now: true })).toBe('now');
    expect(requestedReport(null)).toBeNull();
  });
});

describe('owner-report: the schedule', () => {
  afterEach(async () => {
    await setSchedule({ send_day: 1, send_hour: 8, time_zone: 'UTC', enabled: true });
  });

  it('queues nothing before the report is due, or when it is disabled', async () => {
    // Due today at 23:00 in a zone where it is not 23:00 yet (UTC, or two hours behind it late in the UTC day).
    const lateInTheDay = new Date().getUTCHours() === 23;
    const local = new Date(Date.now() - (lateInTheDay ? 2 : 0) * 3_600_000);
    await setSchedule({
      send_day: isoWeekday(local),
      send_hour: 23,
      time_zone: lateInTheDay ? 'Etc/GMT+2' : 'UTC',
    });
    expect(await answerOf(await call({}))).toMatchObject({ status: 200, outcome: 'not_due', reportId: null });
    await setSchedule({ enabled: false });
    expect(await answerOf(await call({}))).toMatchObject({
      status: 200,
      outcome: 'disabled',
      reportId: null,
    });
  });

  it('queues the week’s report once, however many calls come at once and after', async () => {
    // Due since midnight today (UTC): the week that ended then.
    await setSchedule({ send_day: isoWeekday(new Date()), send_hour: 0, time_zone: 'UTC' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => call({}).then(answerOf)));
    const later = await answerOf(await call({}));
    expect(answers.map((answer) => answer.outcome).sort()).toEqual([
      'queued',
      'sent_already',
      'sent_already',
      'sent_already',
    ]);
    expect(later).toMatchObject({ status: 200, outcome: 'sent_already', reportId: null });

    const weekStart = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const reports = await backend.readAsOwner<{ id: string }>(
      `owner_reports?select=id&week_starts_on=eq.${weekStart}`,
    );
    expect(reports).toHaveLength(1);
    const mail = await backend.readAsOwner<{ kind: string; status: string }>(
      `mail_outbox?select=kind,status&owner_report_id=eq.${reports[0]!.id}`,
    );
    expect(mail).toEqual([{ kind: 'owner_report', status: 'pending' }]);
  });
});

describe('owner-report: now', () => {
  it('queues the last seven days’ report every time it is asked', async () => {
    const first = await answerOf(await call({ now: true }));
    const second = await answerOf(await call({ now: true }));
    expect(first).toMatchObject({ status: 200, outcome: 'queued' });
    expect(second).toMatchObject({ status: 200, outcome: 'queued' });
    expect(second.reportId).not.toBe(first.reportId);
    const [report] = await backend.readAsOwner<{ week_starts_on: string | null; starts_at: string }>(
      `owner_reports?select=week_starts_on,starts_at&id=eq.${first.reportId}`,
    );
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(report).toEqual({ week_starts_on: null, starts_at: `${sixDaysAgo}T00:00:00+00:00` });
  });
});
