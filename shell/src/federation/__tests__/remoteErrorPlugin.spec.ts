import remoteErrorPlugin from '../plugins/remoteErrorPlugin.ts';

type ErrorLoadRemote = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

/** Waits until the plugin's log has been written (it takes the kit's logger from the share scope first). */
async function logged(spy: jest.SpyInstance): Promise<void> {
  for (let attempt = 0; attempt < 50 && spy.mock.calls.length === 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('a section that cannot load', () => {
  let error: jest.SpyInstance;
  let debug: jest.SpyInstance;
  const errorLoadRemote = remoteErrorPlugin().errorLoadRemote as unknown as ErrorLoadRemote;

  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  });

  afterEach(() => jest.restoreAllMocks());

  it('is logged as an error with its label on a page that stays', async () => {
    errorLoadRemote({
      id: 'portfolio/PortfolioPage',
      error: new Error('Loading chunk 8979 failed.'),
      lifecycle: 'onLoad',
    });
    await logged(error);
    expect(error).toHaveBeenCalledWith(
      '[federation] portfolio/PortfolioPage could not be loaded (onLoad):',
      'Loading chunk 8979 failed.',
    );
  });

  it('is logged at debug level only while the page is being left, whose loads are cut short', async () => {
    window.dispatchEvent(new Event('pagehide'));
    errorLoadRemote({
      id: 'portfolio/PortfolioPage',
      error: new Error('Loading chunk 8979 failed.'),
      lifecycle: 'onLoad',
    });
    await logged(debug);
    expect(debug).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });
});
