import { formatCount } from '../formatCount.ts';

describe('formatCount', () => {
  it.each<[number, string]>([
    [0, '0 views'],
    [1, '1 view'],
    [2, '2 views'],
    [16920, '16,920 views'],
    [1234567, '1,234,567 views'],
  ])('%d -> %s', (count, text) => {
    expect(formatCount(count, 'view', 'views')).toBe(text);
  });
});
