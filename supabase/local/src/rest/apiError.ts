// Errors in PostgREST's shape: {code, message, details, hint} with PostgREST's HTTP status codes.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): { code: string; details: string | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** A request PostgREST cannot parse (PGRST100). */
export const parseError = (message: string, details: string | null = null): ApiError =>
  new ApiError(400, 'PGRST100', message, details);

/** What PostgREST's parser says where it stopped: the parameter, its whole value, the 1-based column and why. */
export const syntaxError = (parameter: string, text: string, column: number, details: string): ApiError =>
  parseError(`"failed to parse ${parameter} (${text})" (line 1, column ${column})`, details);

export const unknownColumn = (relation: string, column: string): ApiError =>
  new ApiError(400, '42703', `column ${relation}.${column} does not exist`);

export const unknownRelation = (name: string, known: string[]): ApiError => {
  const similar = known.find(
    (candidate) => candidate.toLowerCase() === name.toLowerCase() || candidate.startsWith(name.slice(0, 3)),
  );
  return new ApiError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table 'public.${similar}'` : null,
  );
};

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as PgError).code === 'string';
}

/** PostgREST's mapping from SQLSTATE to HTTP status (docs: "Errors", "HTTP Status Codes"). */
export function statusForSqlState(code: string, isAnonymous: boolean): number {
  if (code === '42501') return isAnonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (prefix === '54') return 413;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix))
    return 500;
  return 400;
}

/** Turns anything thrown while answering into a PostgREST-shaped error. */
export function toApiError(error: unknown, isAnonymous: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (isPgError(error) && error.code) {
    return new ApiError(
      statusForSqlState(error.code, isAnonymous),
      error.code,
      error.message,
      error.detail ?? null,
      error.hint ?? null,
    );
  }
  return new ApiError(500, 'PGRST000', error instanceof Error ? error.message : String(error));
}
