import type { RowChange } from '@site/shared-ui/tableChanges';
import { applyRowChange, compareRows, sameAnswer } from '@site/shared-ui/useLiveTable';

interface Row {
  id: string;
  title: string;
  rank: number | null;
}

const byTitle = compareRows<Row>({ column: 'title', ascending: true });
const rows: Row[] = [
  { id: 'a', title: 'Alpha', rank: 2 },
  { id: 'c', title: 'Charlie', rank: null },
];

function change(
  type: RowChange<Row>['type'],
  record: Row | null,
  oldId: string | null = null,
): RowChange<Row> {
  return { type, record, oldId };
}

describe('applyRowChange', () => {
  it('inserts a row in the table order', () => {
    const next = applyRowChange(rows, change('INSERT', { id: 'b', title: 'Bravo', rank: 1 }), byTitle);
    expect(next.map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces an updated row and moves it to its new place', () => {
    const next = applyRowChange(rows, change('UPDATE', { id: 'a', title: 'Delta', rank: 2 }, 'a'), byTitle);
    expect(next).toEqual([
      { id: 'c', title: 'Charlie', rank: null },
      { id: 'a', title: 'Delta', rank: 2 },
    ]);
  });

  it('removes a deleted row by its old id', () => {
    expect(applyRowChange(rows, change('DELETE', null, 'a'), byTitle)).toEqual([rows[1]]);
  });

  it('never duplicates a row delivered twice, nor keeps a row the change does not know', () => {
    const twice = applyRowChange(rows, change('INSERT', { id: 'a', title: 'Alpha', rank: 2 }), byTitle);
    expect(twice).toHaveLength(2);
    expect(applyRowChange(rows, change('DELETE', null, 'zzz'), byTitle)).toEqual(rows);
  });

  it('does not change the rows it was given', () => {
    const before = rows.map((row) => ({ ...row }));
    applyRowChange(rows, change('DELETE', null, 'a'), byTitle);
    expect(rows).toEqual(before);
  });
});

describe('compareRows', () => {
  it('orders numbers numerically with nulls last, ascending and descending', () => {
    const ranked: Row[] = [
      { id: 'x', title: 'x', rank: null },
      { id: 'y', title: 'y', rank: 10 },
      { id: 'z', title: 'z', rank: 2 },
    ];
    const ascending = [...ranked].sort(compareRows<Row>({ column: 'rank', ascending: true }));
    expect(ascending.map((row) => row.rank)).toEqual([2, 10, null]);
    const descending = [...ranked].sort(compareRows<Row>({ column: 'rank', ascending: false }));
    expect(descending.map((row) => row.rank)).toEqual([10, 2, null]);
  });
});

describe('sameAnswer', () => {
  it('finds two reads that say the same the same, whatever the order of their keys', () => {
    const rendered = JSON.parse('{"rows":[{"id":"a","keywords":["x"],"rank":null}],"total":3,"matches":1}');
    const read = { total: 3, matches: 1, rows: [{ rank: null, keywords: ['x'], id: 'a' }] };
    expect(sameAnswer(rendered, read)).toBe(true);
    expect(sameAnswer([], [])).toBe(true);
  });

  it('tells any difference: a value, an order of rows, a key more or less', () => {
    const answer = { total: 3, rows: [{ id: 'a' }, { id: 'b' }] };
    expect(sameAnswer(answer, { total: 4, rows: [{ id: 'a' }, { id: 'b' }] })).toBe(false);
    expect(sameAnswer(answer, { total: 3, rows: [{ id: 'b' }, { id: 'a' }] })).toBe(false);
    expect(sameAnswer(answer, { total: 3, rows: [{ id: 'a' }] })).toBe(false);
    expect(sameAnswer(answer, { ...answer, matches: 1 })).toBe(false);
    expect(sameAnswer({ rank: null }, { rank: 0 })).toBe(false);
    expect(sameAnswer({ rows: [] }, { rows: {} })).toBe(false);
    expect(sameAnswer({ a: undefined }, { b: undefined })).toBe(false);
  });
});
