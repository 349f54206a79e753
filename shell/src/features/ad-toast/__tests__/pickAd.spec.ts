import type { Ad } from '@site/shared-ui/rows';
import { pickAd } from '../pickAd.ts';

const ad = (id: string): Ad => ({
  id,
  title: `Ad ${id}`,
  description: '',
  imagePath: '',
  link: 'https://example.com',
  promoPercent: null,
});
const ads = [ad('a'), ad('b'), ad('c'), ad('d')];

describe('pickAd', () => {
  it('shows nothing when there are no ads', () => {
    expect(pickAd([], 0.5, null)).toBeUndefined();
  });

  it.each([
    [0, 'a'],
    [0.24, 'a'],
    [0.25, 'b'],
    [0.6, 'c'],
    [0.999, 'd'],
  ])('picks by the random value %d -> %s', (randomValue, id) => {
    expect(pickAd(ads, randomValue, null)?.id).toBe(id);
  });

  it('keeps the chosen ad when others are added or removed live', () => {
    expect(pickAd([ad('x'), ...ads], 0, 'c')?.id).toBe('c');
  });

  it('chooses again when the chosen ad is deleted', () => {
    expect(pickAd([ad('a'), ad('b')], 0.9, 'c')?.id).toBe('b');
  });
});
