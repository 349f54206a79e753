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

  it("counts from the page's load, not from when the app started (the app starts after load)", () => {
    const loadEventEnd = performance.now() - 800;
    // The page's timeline, as a browser keeps it (the fake clock has none).
    Object.assign(performance, { getEntriesByType: () => [{ loadEventEnd }] });
    try {
      const { result } = renderHook(() => useDelayedReveal(AD_TOAST_DELAY_MS));
      act(() => jest.advanceTimersByTime(AD_TOAST_DELAY_MS - 800 - 1));
      expect(result.current).toBe(false);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current).toBe(true);
    } finally {
      delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
    }
  });

  it('leaves no timer behind when the page goes away first', () => {
    const { unmount } = renderHook(() => useDelayedReveal(AD_TOAST_DELAY_MS));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
