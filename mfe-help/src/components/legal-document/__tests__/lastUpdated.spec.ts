import { formatLastUpdated, lastUpdatedIso } from '../lastUpdated.ts';

describe('formatLastUpdated', () => {
  it.each([
    ['2026-11-22', '22 November 2026'],
    ['2026-01-01', '1 January 2026'],
    ['2025-12-31', '31 December 2025'],
  ])('shows %s as %s', (iso, text) => {
    expect(formatLastUpdated(iso)).toBe(text);
  });

  it('keeps the constant a real calendar date', () => {
    expect(lastUpdatedIso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${lastUpdatedIso}T00:00:00Z`).toISOString().slice(0, 10)).toBe(lastUpdatedIso);
  });
});
