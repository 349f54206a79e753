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

export function unreachable(endpoint: string, cause: unknown): YouTubeError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new YouTubeError('youtube_unreachable', `YouTube could not be reached for ${endpoint}: ${detail}`);
}
