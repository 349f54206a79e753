import { withLoadingBar } from '@site/shared-ui/eventBus';

/** A request that carries this header does not show the loading bar; the header itself is not sent. */
export const IGNORE_LOADING_BAR_HEADER = 'ignoreLoadingBar';

/** fetch that shows the loading bar while the request is under way, unless the request opts out. */
export function fetchWithLoadingBar(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const ignored = headers.has(IGNORE_LOADING_BAR_HEADER);
  headers.delete(IGNORE_LOADING_BAR_HEADER);
  const request = fetch(input, { ...init, headers });
  return ignored ? request : withLoadingBar(request);
}
