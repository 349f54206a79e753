import { eventPayload, type AnalyticsEvent } from '@site/shared-ui/analyticsEvents';

/** A row of public.analytics_events as the site writes it. */
export interface AnalyticsRow {
  name: AnalyticsEvent['name'];
  /** The event's own values (a search term and its result count, a title), nothing else about the visitor. */
  payload: Record<string, string | number>;
  route: string;
}

/**
 * Long values are cut: a search term needs no more, and an event's details must stay within the 512 bytes the
 * analytics-events function takes (120 characters are at most 480 bytes of UTF-8).
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 120;
const MAX_ROUTE_LENGTH = 512;

export function toAnalyticsRow(event: AnalyticsEvent, route: string): AnalyticsRow {
  const payload = Object.fromEntries(
    Object.entries(eventPayload(event)).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, MAX_PAYLOAD_VALUE_LENGTH) : value,
    ]),
  );
  return { name: event.name, payload, route: route.slice(0, MAX_ROUTE_LENGTH) };
}
