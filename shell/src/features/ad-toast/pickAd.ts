import type { Ad } from '@site/shared-ui/rows';

/**
 * The ad to show: the one already chosen while it still exists, otherwise the one at a random position (spec §4:
 * one ad at random from the loaded ads). `randomValue` is in [0, 1), drawn once per page, so a live change to the
 * list does not swap the ad under the visitor's eyes.
 */
export function pickAd(ads: readonly Ad[], randomValue: number, chosenId: string | null): Ad | undefined {
  const chosen = chosenId === null ? undefined : ads.find((ad) => ad.id === chosenId);
  if (chosen) return chosen;
  const index = Math.min(ads.length - 1, Math.floor(randomValue * ads.length));
  return ads[index];
}
