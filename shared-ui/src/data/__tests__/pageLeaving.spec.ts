import { isPageLeaving, leavingGraceMs, reportFailure } from '@site/shared-ui/pageLeaving';

describe('reportFailure', () => {
  let error: jest.SpyInstance;
  let debug: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    // Each test starts on a page that is here (a return from the cache clears any earlier leave).
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('logs a failure on a page that stays as an error, at once', () => {
    reportFailure('[ads] load failed:', new Error('Failed to fetch'));
    expect(error).toHaveBeenCalledWith('[ads] load failed:', 'Failed to fetch');
    expect(debug).not.toHaveBeenCalled();
  });

  it('passes details on after the message', () => {
    reportFailure('[Courses] section failed:', new Error('Loading chunk 6259 failed.'), '\n    at Lazy');
    expect(error).toHaveBeenCalledWith(
      '[Courses] section failed:',
      'Loading chunk 6259 failed.',
      '\n    at Lazy',
    );
  });

  it.each(['beforeunload', 'pagehide'])('logs a failure after %s at debug level only', (leaving) => {
    window.dispatchEvent(new Event(leaving));
    expect(isPageLeaving()).toBe(true);
    reportFailure('[ads] live updates unavailable:', 'socket closed: 1001');
    expect(debug).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('reports the failure as an error when the page is still here after the grace period', () => {
    window.dispatchEvent(new Event('beforeunload'));
    reportFailure('[ads] load failed:', new Error('Failed to fetch'));
    jest.advanceTimersByTime(leavingGraceMs - 1);
    expect(error).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(error).toHaveBeenCalledWith('[ads] load failed:', 'Failed to fetch');
    expect(isPageLeaving()).toBe(false);
  });

  it('never reports a failure of a page that left and came back from the back/forward cache', () => {
    window.dispatchEvent(new Event('pagehide'));
    reportFailure('[ads] live updates unavailable:', 'socket closed: 1005');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    jest.advanceTimersByTime(leavingGraceMs);
    expect(error).not.toHaveBeenCalled();
    expect(isPageLeaving()).toBe(false);
  });
});
