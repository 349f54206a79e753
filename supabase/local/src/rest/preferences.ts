// The Prefer header (RFC 7240) as PostgREST reads it.

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  rollback: boolean;
  strict: boolean;
  maxAffected?: number;
  /** The preferences that were honoured, for the Preference-Applied header. */
  applied: string[];
}

/** The order in which PostgREST lists what it applied, whatever the order asked in. */
const appliedOrder = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'max-affected'];

export function parsePreferences(header: string | undefined): Preferences {
  const preferences: Preferences = {
    return: 'minimal',
    missingDefault: false,
    rollback: false,
    strict: false,
    applied: [],
  };
  if (!header) return preferences;
  for (const raw of header.split(',')) {
    const token = raw.trim();
    const [key, value] = token.split('=').map((part) => part.trim()) as [string, string | undefined];
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) {
      preferences.return = value;
      preferences.applied.push(token);
    } else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      // Planned and estimated counts are exact here: the tables are small.
      preferences.count = 'exact';
      preferences.applied.push(token);
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      preferences.resolution = value;
      preferences.applied.push(token);
    } else if (key === 'missing' && value === 'default') {
      preferences.missingDefault = true;
      preferences.applied.push(token);
    } else if (key === 'tx' && value === 'rollback') {
      preferences.rollback = true;
      preferences.applied.push(token);
    } else if (key === 'handling' && value === 'strict') {
      preferences.strict = true;
      preferences.applied.push(token);
    } else if (key === 'max-affected' && value !== undefined && /^\d+$/.test(value)) {
      preferences.maxAffected = Number(value);
      preferences.applied.push(token);
    }
  }
  const rank = (token: string): number => appliedOrder.indexOf(token.split('=')[0]?.trim() ?? '');
  preferences.applied.sort((a, b) => rank(a) - rank(b));
  return preferences;
}
