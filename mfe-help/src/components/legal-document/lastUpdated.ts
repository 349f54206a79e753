// When the help pages' text last changed. Change it whenever the meaning of a policy or the terms changes: visitors
// rely on it to know whether what they agreed to is still what applies.
export const lastUpdatedIso = '2026-11-22';

/** The date as visitors read it, e.g. "22 November 2026" (UTC, so it is the same day everywhere). */
export function formatLastUpdated(iso: string = lastUpdatedIso): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}
