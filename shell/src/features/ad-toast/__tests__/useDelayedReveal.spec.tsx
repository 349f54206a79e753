import { act, renderHook } from '@testing-library/react';
import { AD_TOAST_DELAY_MS, useDelayedReveal } from '../useDelayedReveal.ts';

describe('the ad toast delay (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is 2 seconds (spec §9)', () => {
    expect(AD_TOAST_DELAY_MS).toBe(2000);
  });

  it('stays hidden until the delay has passed, then shows', () => {
    const { result } = renderHook(() => useDelayedReveal(AD_TOAST_DELAY_MS));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(AD_TOAST_DELAY_MS - 1));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('leaves no timer behind when the page goes away first', () => {
    const { unmount } = renderHook(() => useDelayedReveal(AD_TOAST_DELAY_MS));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
