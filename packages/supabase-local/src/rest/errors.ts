// PostgREST-shaped errors: {code, details, hint, message} with PostgREST's HTTP statuses.

export interface ErrorBody {
  code: string;
  /** Text, or for PGRST201 the candidate relationships. */
  details: string | null | Record<string, string>[];
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'RestError';
  }
}

export const restError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => new RestError(status, { code, details, hint, message });

/** PGRST108: a filter or an order names an embed the request does not select. */
export const notEmbeddedError = (name: string) =>
  restError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** SQLSTATE → HTTP status, as PostgREST maps them. */
export function statusForSqlState(code: string, authenticated: boolean): number {
  // RAISE … USING ERRCODE = 'PT404' chooses the HTTP status, as in PostgREST
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '57014') return 500;
  if (code.startsWith('53')) return 503;
  return 400;
}

export function fromPgError(error: unknown, authenticated: boolean): RestError {
  if (error instanceof RestError) return error;
  const pg = error as PgErrorLike;
  if (pg && typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new RestError(statusForSqlState(pg.code, authenticated), {
      code: pg.code,
      details: pg.detail ?? null,
      hint: pg.hint ?? null,
      message: pg.message ?? 'Database error',
    });
  }
  if (error instanceof URIError) {
    return new RestError(400, {
      code: 'PGRST100',
      details: error.message,
      hint: null,
      message: 'Invalid URL encoding',
    });
  }
  return new RestError(500, {
    code: 'PGRST000',
    details: error instanceof Error ? error.message : String(error),
    hint: null,
    message: 'Internal server error',
  });
}
