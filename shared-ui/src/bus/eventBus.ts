// The one event bus of the page. shared-ui and zustand are Module Federation singletons, so the shell and every
// section see this same store: sections publish, the shell listens.
import { create } from 'zustand';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';

export interface PublishedEvent {
  /** Increases with every publish, so two equal events in a row are still two events. */
  sequence: number;
  event: AnalyticsEvent;
}

export interface EventBusState {
  lastEvent: PublishedEvent | null;
  /** HTTP requests and route loads under way; the loading bar shows while this is above zero. */
  pendingLoads: number;
  /** The visitor subscribed to the newsletter, in this page or an earlier visit. */
  newsletterSubscribed: boolean;
  publish: (event: AnalyticsEvent) => void;
  loadStarted: () => void;
  loadFinished: () => void;
  setNewsletterSubscribed: (subscribed: boolean) => void;
}

export const useEventBus = create<EventBusState>()((set) => ({
  lastEvent: null,
  pendingLoads: 0,
  newsletterSubscribed: false,
  publish: (event) =>
    set((state) => ({ lastEvent: { sequence: (state.lastEvent?.sequence ?? 0) + 1, event } })),
  loadStarted: () => set((state) => ({ pendingLoads: state.pendingLoads + 1 })),
  loadFinished: () => set((state) => ({ pendingLoads: Math.max(0, state.pendingLoads - 1) })),
  setNewsletterSubscribed: (subscribed) => set({ newsletterSubscribed: subscribed }),
}));

export function publish(event: AnalyticsEvent): void {
  useEventBus.getState().publish(event);
}

/** Calls the listener for every event published from now on; returns the unsubscribe function. */
export function subscribeToEvents(listener: (event: AnalyticsEvent) => void): () => void {
  return useEventBus.subscribe((state, previous) => {
    if (state.lastEvent && state.lastEvent !== previous.lastEvent) listener(state.lastEvent.event);
  });
}

/** Shows the loading bar while the promise is pending. */
export async function withLoadingBar<T>(work: Promise<T>): Promise<T> {
  const { loadStarted, loadFinished } = useEventBus.getState();
  loadStarted();
  try {
    return await work;
  } finally {
    loadFinished();
  }
}
