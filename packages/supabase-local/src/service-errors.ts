// Errors the server itself answers before (or instead of) a service — a body over the limit, a path whose
// percent-encoding does not decode, JSON nested too deep, an unexpected failure — each in the shape of the service the
// request was for, so that its client reads them as it reads that service's own errors.
import { AuthError, errorResponse as authErrorResponse } from './auth/http.ts';

export type Service = 'rest' | 'auth' | 'functions' | 'storage' | 'inbox' | 'razorpay-sandbox' | 'other';

export function serviceOf(path: string): Service {
  if (path.startsWith('/rest/v1')) return 'rest';
  if (path.startsWith('/auth/v1')) return 'auth';
  if (path.startsWith('/functions/v1/')) return 'functions';
  if (path.startsWith('/storage/v1/')) return 'storage';
  if (
    path === '/inbox' ||
    path.startsWith('/inbox/') ||
    path.startsWith('/api/v1/message') ||
    path === '/api/v1/search'
  )
    return 'inbox';
  if (path === '/razorpay-sandbox' || path.startsWith('/razorpay-sandbox/')) return 'razorpay-sandbox';
  return 'other';
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export interface ServiceErrorFields {
  status: number;
  /** Machine-readable code in the service's vocabulary (PostgREST, GoTrue, Storage, Edge Runtime). */
  code: string;
  message: string;
  /** Storage's older `error` field, when it differs from the code. */
  error?: string;
}

/** `fields` as `service` answers errors. `headers` are the request's (GoTrue answers by its API-version header). */
export function serviceError(service: Service, headers: Headers, fields: ServiceErrorFields): Response {
  const { status, code, message } = fields;
  switch (service) {
    case 'rest':
      return json(status, { code, details: null, hint: null, message });
    case 'auth':
      return authErrorResponse(new Request('http://local/', { headers }), new AuthError(status, code, message));
    case 'functions':
      return json(status, { code, message });
    case 'storage':
      return json(
        status,
        { statusCode: String(status), code, error: fields.error ?? code, message },
        { 'x-content-type-options': 'nosniff' },
      );
    case 'razorpay-sandbox':
      return json(status, {
        error: {
          code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
          description: message,
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    default:
      return json(status, { code, message, error: message });
  }
}

/** The answer to a body over the service's limit. */
export function tooLarge(service: Service, headers: Headers): Response {
  const code = {
    rest: 'PGRST413',
    auth: 'request_too_large',
    functions: 'PAYLOAD_TOO_LARGE',
    storage: 'EntityTooLarge',
  }[service as string];
  return serviceError(service, headers, {
    status: 413,
    code: code ?? 'payload_too_large',
    message: service === 'storage' ? 'Request body is too large' : 'Payload too large',
    error: 'Payload too large',
  });
}

/** The answer to a path whose percent-encoding does not decode (invalid UTF-8 such as a lone surrogate, or `%ZZ`). */
export function badPathEncoding(service: Service, headers: Headers, path: string): Response {
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  const fields: Record<Service, ServiceErrorFields> = {
    rest: { status: 400, code: 'PGRST100', message: 'Invalid URL encoding' },
    auth: { status: 400, code: 'validation_failed', message: 'Invalid URL encoding' },
    functions: { status: 404, code: 'NOT_FOUND', message: 'Requested function was not found' },
    storage: { status: 400, code: 'InvalidRequest', message: `'${shown}' is not a valid url component` },
    inbox: { status: 400, code: 'bad_request', message: 'Invalid URL encoding' },
    'razorpay-sandbox': { status: 400, code: 'BAD_REQUEST_ERROR', message: 'The requested URL is malformed.' },
    other: { status: 400, code: 'bad_request', message: 'Invalid URL encoding' },
  };
  return serviceError(service, headers, fields[service]);
}

/** The answer to a failure no service caught. */
export function unexpected(service: Service, headers: Headers): Response {
  const code: Record<Service, string> = {
    rest: 'PGRST000',
    auth: 'unexpected_failure',
    functions: 'WORKER_ERROR',
    storage: 'InternalError',
    inbox: 'internal',
    'razorpay-sandbox': 'SERVER_ERROR',
    other: 'internal',
  };
  return serviceError(service, headers, { status: 500, code: code[service], message: 'Internal server error' });
}
