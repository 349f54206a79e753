import {
  loadGivenUpAttribute,
  onPageLoaded,
  pageHasLoaded,
  whenPageLoaded,
} from '@site/shared-ui/pageLoaded';

describe('pageLoaded', () => {
  let readyState: jest.SpyInstance;
  beforeEach(() => {
    readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    document.documentElement.removeAttribute(loadGivenUpAttribute);
  });

  it('runs at once on a page that has loaded', () => {
    readyState.mockReturnValue('complete');
    const ran = jest.fn();
    onPageLoaded(ran);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event, and runs once', () => {
    const ran = jest.fn();
    onPageLoaded(ran);
    expect(ran).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('goes on when the boot script stops waiting for a load event that does not come', async () => {
    expect(pageHasLoaded()).toBe(false);
    const loaded = whenPageLoaded();
    document.documentElement.setAttribute(loadGivenUpAttribute, '');
    await expect(loaded).resolves.toBeUndefined();
    expect(pageHasLoaded()).toBe(true);
  });

  it('runs nothing once cancelled', () => {
    const ran = jest.fn();
    onPageLoaded(ran)();
    window.dispatchEvent(new Event('load'));
    expect(ran).not.toHaveBeenCalled();
  });
});
