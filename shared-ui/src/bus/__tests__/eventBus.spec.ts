import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { publish, subscribeToEvents, useEventBus, withLoadingBar } from '@site/shared-ui/eventBus';

describe('the event bus', () => {
  it('delivers every published event to subscribers, even the same event twice', () => {
    const received: AnalyticsEvent[] = [];
    const unsubscribe = subscribeToEvents((event) => received.push(event));
    publish({ name: 'userRoutes', route: '/about' });
    publish({ name: 'userRoutes', route: '/about' });
    unsubscribe();
    publish({ name: 'userInApp' });
    expect(received).toEqual([
      { name: 'userRoutes', route: '/about' },
      { name: 'userRoutes', route: '/about' },
    ]);
  });

  it('counts pending loads while work is under way, also when the work fails', async () => {
    let settle!: (value: string) => void;
    const work = withLoadingBar(new Promise<string>((resolve) => (settle = resolve)));
    expect(useEventBus.getState().pendingLoads).toBe(1);
    settle('done');
    await expect(work).resolves.toBe('done');
    expect(useEventBus.getState().pendingLoads).toBe(0);
    await expect(withLoadingBar(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(useEventBus.getState().pendingLoads).toBe(0);
  });
});
