import { jsonScriptHtml, runtimeConfigElementId } from '@site/shared-ui/jsonScript';

const manifestUrl = 'http://localhost:3001/mf-manifest.json';
const carried = {
  remotes: { portfolio: manifestUrl },
  siteConfig: {
    supabase: { url: 'http://127.0.0.1:54321', publishableKey: 'sb_publishable_carried' },
    recaptchaSiteKey: 'key',
  },
  manifests: { [manifestUrl]: { id: 'portfolio', exposes: [] } },
};

/** The modules as a fresh page loads them, with the page's head as the server wrote it. */
async function freshPage(head: string) {
  document.head.innerHTML = head;
  let modules!: {
    siteConfig: typeof import('../siteConfig.ts');
    remotes: typeof import('../../federation/remoteModules.ts');
    plugin: typeof import('../../federation/plugins/retryPlugin.ts');
  };
  await jest.isolateModulesAsync(async () => {
    // The shell's federation host, as its build starts it.
    (await import('@module-federation/enhanced/runtime')).init({ name: 'shell', remotes: [] });
    modules = {
      siteConfig: await import('../siteConfig.ts'),
      remotes: await import('../../federation/remoteModules.ts'),
      plugin: await import('../../federation/plugins/retryPlugin.ts'),
    };
  });
  return modules;
}

// jsdom has no Response (browsers do): the body's text, as the plugin makes it.
class TextResponse {
  constructor(private readonly text: string) {}
  json = async () => JSON.parse(this.text) as unknown;
}
Object.assign(globalThis, { Response: TextResponse });

describe('the runtime configuration a page carries', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset().mockRejectedValue(new Error('no network in this test'));
    globalThis.fetch = fetchMock;
  });

  it('gives the site configuration without a request', async () => {
    const { siteConfig } = await freshPage(jsonScriptHtml(runtimeConfigElementId, carried));
    await expect(siteConfig.loadSiteConfig()).resolves.toEqual(carried.siteConfig);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("registers the carried remotes and answers the federation runtime's fetch of a carried manifest; any other is fetched", async () => {
    const { remotes, plugin } = await freshPage(jsonScriptHtml(runtimeConfigElementId, carried));
    await remotes.registerRemotesFromConfig();
    const hooks = plugin.default() as unknown as {
      fetch: (url: string, init: object) => Promise<{ json(): Promise<unknown> }>;
    };
    await expect(hooks.fetch(manifestUrl, {}).then((response) => response.json())).resolves.toEqual(
      carried.manifests[manifestUrl],
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await hooks.fetch('http://localhost:3002/mf-manifest.json', {}).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:3002/mf-manifest.json', expect.anything());
  });

  it('is fetched on a page that does not carry it', async () => {
    const { siteConfig } = await freshPage('');
    fetchMock.mockResolvedValue({ ok: true, json: async () => ({ recaptchaSiteKey: 'fetched' }) });
    await expect(siteConfig.loadSiteConfig()).resolves.toMatchObject({ recaptchaSiteKey: 'fetched' });
    expect(fetchMock).toHaveBeenCalledWith('/site-config.json');
  });

  it('reads the key of a configuration written before publishable keys ("anonKey") as the publishable key', async () => {
    const { siteConfig } = await freshPage('');
    const legacy = { supabase: { url: 'https://abc.supabase.co', anonKey: 'eyJ.legacy.anon' } };
    fetchMock.mockResolvedValue({ ok: true, json: async () => legacy });
    await expect(siteConfig.loadSiteConfig()).resolves.toMatchObject({
      supabase: { url: 'https://abc.supabase.co', publishableKey: 'eyJ.legacy.anon' },
    });
  });
});
