// What can go wrong on the YouTube side of a sync. Each one stops the sync before anything is stored.

export type YouTubeFailure =
  | 'quota_exceeded'
  | 'youtube_http_error'
  | 'youtube_malformed_response'
  | 'youtube_unreachable'
  | 'channel_not_found';

export class YouTubeError extends Error {
  constructor(
    readonly failure: YouTubeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'YouTubeError';
  }
}

/** The daily quota (10,000 units by default) or a rate limit is used up; YouTube resets it at midnight Pacific Time. */
export function quotaExceeded(endpoint: string, reason: string): YouTubeError {
  return new YouTubeError('quota_exceeded', `YouTube refused ${endpoint}: ${reason}`);
}

export function httpError(endpoint: string, status: number, detail: string): YouTubeError {
  return new YouTubeError(
    'youtube_http_error',
    `YouTube answered ${endpoint} with HTTP ${status}${detail ? `: ${detail}` : ''}`,
  );
}

export function malformed(endpoint: string, problem: string): YouTubeError {
  return new YouTubeError(
    'youtube_malformed_response',
    `YouTube's answer to ${endpoint} is malformed: ${problem}`,
  );
}

/**
 * A text without the API key: under Deno a failed fetch's message quotes the whole request URL, `key=` included, and
 * such a message must never reach an answer or a log. Both the key itself and any `key=` parameter are masked.
 */
export function withoutApiKey(text: string, apiKey: string): string {
  const masked = apiKey === '' ? text : text.split(apiKey).join('[key]');
  return masked.replace(/\bkey=[^&\s)"'#]*/gi, 'key=[key]');
}

export function unreachable(endpoint: string, cause: unknown, apiKey: string): YouTubeError {
  const detail = withoutApiKey(cause instanceof Error ? cause.message : String(cause), apiKey);
  return new YouTubeError('youtube_unreachable', `YouTube could not be reached for ${endpoint}: ${detail}`);
}
