// The YouTube API key never reaches an answer or a log. Under Deno, a failed fetch's message quotes the request URL,
// key included ("error sending request for url (https://www.googleapis.com/...&key=...)"); the YouTube API is the
// edge here, so its fetch is replaced by one that fails as Deno's does.
import handler from '../handler.ts';
import { withoutApiKey } from '../youtubeErrors.ts';

const apiKey = 'AIzaSy-secret-key-0123456789';
const denoStyleFailure = (url: string) =>
  new TypeError(
    `error sending request for url (${url}): client error (Connect): dns error: failed to lookup address information`,
  );

describe('the YouTube API key', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  it('is masked in any text, as itself and as a key= parameter', () => {
    const text = `request for url (https://www.googleapis.com/youtube/v3/videos?part=statistics&key=${apiKey}&id=x)`;
    expect(withoutApiKey(text, apiKey)).toBe(
      'request for url (https://www.googleapis.com/youtube/v3/videos?part=statistics&key=[key]&id=x)',
    );
    expect(withoutApiKey(`key=other-value and ${apiKey}`, apiKey)).not.toContain('other-value');
  });

  it('is in neither the answer nor the log when YouTube cannot be reached', async () => {
    process.env.YOUTUBE_API_KEY = apiKey;
    process.env.YOUTUBE_CHANNEL_ID = 'UCchannel';
    process.env.SUPABASE_URL = 'http://127.0.0.1:9';
    process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: 'sb_secret_for_this_test' });
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      throw denoStyleFailure(String(input instanceof Request ? input.url : input));
    });
    const logged: string[] = [];
    for (const level of ['error', 'warn', 'log'] as const) {
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
    }

    const response = await handler(
      new Request('http://localhost/youtube-sync', {
        method: 'POST',
        headers: { apikey: 'sb_secret_for_this_test' },
      }),
    );
    const body = await response.text();
    expect(response.status).toBe(504);
    expect(body).toContain('could not be reached');
    expect(body).not.toContain(apiKey);
    expect(logged.join('\n')).toContain('youtube_unreachable');
    expect(logged.join('\n')).not.toContain(apiKey);
  });
});
