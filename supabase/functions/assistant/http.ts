export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-region, x-supabase-api-version',
  'Access-Control-Max-Age': '86400',
  'Access-Control-Expose-Headers': 'Retry-After',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json' },
  });
}

/** `{"error": code, "message": text}`: the browser branches on the code and may show the text. */
export class AssistantError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AssistantError';
  }
}

export const errorResponse = (error: AssistantError): Response =>
  json({ error: error.code, message: error.message }, error.status, error.headers);
