import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { toAd, type Ad, type AdRow } from '@site/shared-ui/rows';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { useLiveTable } from '@site/shared-ui/useLiveTable';
import { whenPageIdle } from '@site/shared-ui/whenPageIdle';
import type { AdToastCardProps } from './AdToastCard.tsx';
import { pickAd } from './pickAd.ts';
import { AD_TOAST_DELAY_MS, useDelayedReveal } from './useDelayedReveal.ts';

// The card arrives in its own chunk, fetched once the page is idle (on a slow device nothing of the ad competes with
// the page's own scripts) and there is an ad to show, so that it is in when the toast is due (2 s after the page has
// loaded). A chunk that cannot load leaves the page without an ad, never broken.
let cardModule: Promise<ComponentType<AdToastCardProps>> | undefined;
function loadAdToastCard(): Promise<ComponentType<AdToastCardProps>> {
  cardModule ??= import('./AdToastCard.tsx')
    .then((module) => module.AdToastCard)
    .catch((error: unknown) => {
      reportFailure('[ad toast] load failed:', error);
      return () => null;
    });
  return cardModule;
}
const AdToastCard = lazy(() => loadAdToastCard().then((component) => ({ default: component })));

const adsOrder = { column: 'created_at', ascending: true } as const;

/**
 * One random ad (live from `ads`), shown 2 s after the page has loaded once it is idle; nothing when there are no ads.
 * Dismissed, it stays away for the rest of the visit, whatever the owner does to the ads meanwhile (the table emptied
 * and filled again unmounts the card, so the dismissal is kept here, not in it).
 */
export function AdToast() {
  const { items } = useLiveTable<AdRow, Ad>('ads', toAd, adsOrder);
  const revealed = useDelayedReveal(AD_TOAST_DELAY_MS);
  const [pageIdle, setPageIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenPageIdle().then(() => mounted && setPageIdle(true));
    return () => {
      mounted = false;
    };
  }, []);
  const [randomValue] = useState(Math.random);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const dismiss = useCallback(() => setDismissed(true), []);
  const ad = pickAd(items, randomValue, chosenId);

  useEffect(() => {
    if (ad && ad.id !== chosenId) setChosenId(ad.id);
  }, [ad, chosenId]);

  const hasAd = ad !== undefined;
  useEffect(() => {
    if (pageIdle && hasAd) void loadAdToastCard();
  }, [pageIdle, hasAd]);

  if (dismissed || !revealed || !pageIdle || !ad) return null;
  return (
    <Suspense fallback={null}>
      <AdToastCard ad={ad} onDismissed={dismiss} />
    </Suspense>
  );
}
