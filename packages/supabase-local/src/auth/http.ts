// Request/response helpers and GoTrue's error format.

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

/** An error GoTrue would answer with: HTTP status, machine code (`x-sb-error-code`) and message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, message, extra);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, message, extra);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);

function versionHeaders(req: Request): Record<string, string> {
  return req.headers.get(API_VERSION_HEADER) ? { [API_VERSION_HEADER]: API_VERSION_2024 } : {};
}

export function json(req: Request, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...versionHeaders(req), ...headers },
  });
}

export function noContent(req: Request): Response {
  return new Response(null, { status: 204, headers: versionHeaders(req) });
}

export function redirect(req: Request, location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...versionHeaders(req) } });
}

/**
 * GoTrue's error body: `{code, message}` for clients that send the 2024-01-01 API version (auth-js always does),
 * else the older `{code: <status>, error_code, msg}`.
 */
export function errorResponse(req: Request, err: AuthError): Response {
  const modern = req.headers.get(API_VERSION_HEADER) !== null;
  const body = modern
    ? { code: err.code, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.code, msg: err.message, ...err.extra };
  return json(req, body, err.status, { 'x-sb-error-code': err.code });
}

export type Body = Record<string, unknown>;

export async function readJson(req: Request): Promise<Body> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Body;
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
}

export function str(body: Body, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function obj(body: Body, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.get('Authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
