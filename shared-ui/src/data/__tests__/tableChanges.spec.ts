import { realtimeEndpoint, toRowChange } from '@site/shared-ui/tableChanges';

interface Row {
  id: string;
  title: string;
}

describe('realtimeEndpoint', () => {
  it('is the backend URL with ws and /realtime/v1, as supabase-js builds it', () => {
    expect(realtimeEndpoint('http://127.0.0.1:54321')).toBe('ws://127.0.0.1:54321/realtime/v1');
    expect(realtimeEndpoint('https://abc.supabase.co/')).toBe('wss://abc.supabase.co/realtime/v1');
  });

  it('keeps a path the backend is served under', () => {
    expect(realtimeEndpoint('https://example.com/supabase')).toBe('wss://example.com/supabase/realtime/v1');
  });
});

describe('toRowChange', () => {
  it('gives an insert its new row and no old id (realtime-js sends {} as the old row)', () => {
    expect(toRowChange<Row>({ eventType: 'INSERT', new: { id: 'a', title: 'A' }, old: {} })).toEqual({
      type: 'INSERT',
      record: { id: 'a', title: 'A' },
      oldId: null,
    });
  });

  it('gives an update the row after it and the id before it', () => {
    expect(toRowChange<Row>({ eventType: 'UPDATE', new: { id: 'a', title: 'B' }, old: { id: 'a' } })).toEqual(
      { type: 'UPDATE', record: { id: 'a', title: 'B' }, oldId: 'a' },
    );
  });

  it('gives a delete no row, only the id it had', () => {
    expect(toRowChange<Row>({ eventType: 'DELETE', new: {}, old: { id: 'a' } })).toEqual({
      type: 'DELETE',
      record: null,
      oldId: 'a',
    });
  });
});
