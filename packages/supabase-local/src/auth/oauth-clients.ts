// The OAuth 2.1 server's admin client API (`/admin/oauth/clients`, supabase-js `auth.admin.oauth`), as GoTrue serves
// it: register, list, get, update, delete (soft) and regenerate the secret of a client, with GoTrue's validation
// messages. Behind `[auth.oauth_server] enabled`; while it is off every route answers 404 `feature_disabled`.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ServiceContext } from '../types.ts';
import { parseGoUrl } from './go-url.ts';
import { AuthError, badRequest, json, noContent, notFound } from './http.ts';
import { iso } from './users.ts';

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue's validation errors, each a 400 `validation_failed`. */
const invalid = (message: string) => badRequest('validation_failed', message);
const badJson = () => badRequest('bad_json', 'Invalid JSON body');

/** The body as Go's json.Decoder fills GoTrue's params struct: `null` is an empty struct, anything else not an object fails. */
async function decodeBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badJson();
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson();
  return value as Record<string, unknown>;
}

/** A string field: absent or null is undefined; any other type fails decoding, as in Go. */
function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badJson();
  return value;
}

function stringListField(body: Record<string, unknown>, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw badJson();
  return value as string[];
}

const byteLength = (value: string) => Buffer.byteLength(value, 'utf8');

/** Why GoTrue refuses a redirect URI (RFC 6749 3.1.2: absolute, no fragment; http only on loopback), or undefined. */
function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  const url = parseGoUrl(uri);
  if (!url) return 'invalid URL format';
  if (!url.scheme || !url.host) return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(url.scheme)) return `scheme '${url.scheme}' is not allowed for security reasons`;
  if (url.scheme === 'http' && !LOOPBACK_HOSTS.includes(url.hostname)) return 'HTTP scheme only allowed for localhost';
  if (url.fragment !== '') return 'fragment not allowed in redirect URI';
  return undefined;
}

function validateRedirectUris(uris: string[] | undefined, required: boolean): void {
  if (required && (!uris || uris.length === 0)) throw invalid('redirect_uris is required');
  if (!uris || uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function validateGrantTypes(grants: string[]): void {
  if (grants.length === 0) throw invalid('grant_types cannot be empty');
  if (grants.some((grant) => !GRANT_TYPES.includes(grant))) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

function validateClientName(name: string): void {
  if (byteLength(name) > 1024) throw invalid('client_name cannot exceed 1024 characters');
}

function validateUri(key: 'client_uri' | 'logo_uri', value: string): void {
  if (value === '') return;
  if (byteLength(value) > 2048) throw invalid(`${key} cannot exceed 2048 characters`);
  if (!parseGoUrl(value, true)) throw invalid(`${key} must be a valid URL`);
}

/** Go prints a string slice as `[a b c]`. */
const goList = (items: readonly string[]) => `[${items.join(' ')}]`;

const typeOfMethod = (method: string) => (method === 'none' ? 'public' : 'confidential');
const methodsOfType = (type: string) => (type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post']);

/** A new secret (32 random bytes, base64url) and the SHA-256 hash that is stored. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

/** GoTrue's client response: `omitempty` members left out when empty, the secret only when just issued. */
function clientJson(row: ClientRow, secret?: string) {
  const redirectUris = row.redirect_uris ? row.redirect_uris.split(',') : [];
  const grantTypes = row.grant_types ? row.grant_types.split(',') : [];
  const body: Record<string, unknown> = { client_id: row.id };
  if (secret) body.client_secret = secret;
  body.client_type = row.client_type;
  if (redirectUris.length) body.redirect_uris = redirectUris;
  body.token_endpoint_auth_method = row.token_endpoint_auth_method;
  if (grantTypes.length) body.grant_types = grantTypes;
  body.response_types = ['code'];
  if (row.client_name) body.client_name = row.client_name;
  if (row.client_uri) body.client_uri = row.client_uri;
  if (row.logo_uri) body.logo_uri = row.logo_uri;
  body.registration_type = row.registration_type;
  body.created_at = iso(row.created_at);
  body.updated_at = iso(row.updated_at);
  return body;
}

/** POST /admin/oauth/clients: a manual registration; 201 with the secret of a confidential client. */
async function register(req: Request, ctx: ServiceContext): Promise<Response> {
  const body = await decodeBody(req);
  const redirectUris = stringListField(body, 'redirect_uris');
  const grantTypes = stringListField(body, 'grant_types');
  const clientType = stringField(body, 'client_type') ?? '';
  const method = stringField(body, 'token_endpoint_auth_method') ?? '';
  const clientName = stringField(body, 'client_name') ?? '';
  const clientUri = stringField(body, 'client_uri') ?? '';
  const logoUri = stringField(body, 'logo_uri') ?? '';
  try {
    validateRedirectUris(redirectUris, true);
    if (grantTypes?.length) validateGrantTypes(grantTypes);
    validateClientName(clientName);
    validateUri('client_uri', clientUri);
    validateUri('logo_uri', logoUri);
    if (clientType && clientType !== 'public' && clientType !== 'confidential') {
      throw invalid("client_type must be 'public' or 'confidential'");
    }
    if (method && !(AUTH_METHODS as readonly string[]).includes(method)) {
      throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
    }
    if (clientType && method && clientType !== typeOfMethod(method)) {
      throw invalid(
        `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOfMethod(method)}')`,
      );
    }
  } catch (err) {
    // GoTrue wraps the validation error it got back in another one, whose message is the first's `Error()`.
    if (err instanceof AuthError) throw invalid(`${err.status}: ${err.message}`);
    throw err;
  }
  const type = clientType || (method ? typeOfMethod(method) : 'confidential');
  const credentials = type === 'confidential' ? newSecret() : undefined;
  const row = (
    await ctx.db.query<ClientRow>(
      `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
         token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)
       values ($1, $2, 'manual', $3, $4, $5, $6, $7, $8, $9) returning *`,
      [
        randomUUID(),
        credentials?.hash ?? null,
        type,
        method || (type === 'public' ? 'none' : 'client_secret_basic'),
        redirectUris!.join(','),
        (grantTypes?.length ? grantTypes : GRANT_TYPES).join(','),
        clientName || null,
        clientUri || null,
        logoUri || null,
      ],
    )
  ).rows[0]!;
  return json(req, clientJson(row, credentials?.secret), 201);
}

/** GET /admin/oauth/clients: every client, newest first. GoTrue does not paginate (page and per_page are ignored). */
async function list(req: Request, ctx: ServiceContext): Promise<Response> {
  const rows = (
    await ctx.db.query<ClientRow>('select * from auth.oauth_clients where deleted_at is null order by created_at desc')
  ).rows;
  // `clients` is omitempty in GoTrue: no clients answers `{}`.
  return json(req, rows.length ? { clients: rows.map((row) => clientJson(row)) } : {});
}

/** GoTrue's LoadOAuthServerClient: the path's client id must be a UUID of a client not deleted. */
async function loadClient(ctx: ServiceContext, id: string): Promise<ClientRow> {
  if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(id)) {
    throw invalid('invalid client_id format');
  }
  const row = (
    await ctx.db.query<ClientRow>('select * from auth.oauth_clients where id = $1::uuid and deleted_at is null', [id])
  ).rows[0];
  if (!row) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return row;
}

/** PUT /admin/oauth/clients/{id}: only the members present (and not null) change. */
async function update(req: Request, ctx: ServiceContext, client: ClientRow): Promise<Response> {
  const body = await decodeBody(req);
  const redirectUris = stringListField(body, 'redirect_uris');
  const grantTypes = stringListField(body, 'grant_types');
  const clientName = stringField(body, 'client_name');
  const clientUri = stringField(body, 'client_uri');
  const logoUri = stringField(body, 'logo_uri');
  const method = stringField(body, 'token_endpoint_auth_method');
  const given = [redirectUris, grantTypes, clientName, clientUri, logoUri, method];
  if (given.every((value) => value === undefined)) throw invalid('No fields provided for update');
  if (redirectUris) validateRedirectUris(redirectUris, false);
  if (grantTypes) validateGrantTypes(grantTypes);
  if (clientName !== undefined) validateClientName(clientName);
  if (clientUri !== undefined) validateUri('client_uri', clientUri);
  if (logoUri !== undefined) validateUri('logo_uri', logoUri);
  if (method !== undefined) {
    if (!(AUTH_METHODS as readonly string[]).includes(method)) {
      throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
    }
    if (!methodsOfType(client.client_type).includes(method)) {
      throw invalid(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${goList(methodsOfType(client.client_type))}`,
      );
    }
  }
  const row = (
    await ctx.db.query<ClientRow>(
      `update auth.oauth_clients set
         redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
         client_name = case when $4::boolean then nullif($5, '') else client_name end,
         client_uri = case when $6::boolean then nullif($7, '') else client_uri end,
         logo_uri = case when $8::boolean then nullif($9, '') else logo_uri end,
         token_endpoint_auth_method = coalesce($10, token_endpoint_auth_method), updated_at = now()
       where id = $1 returning *`,
      [
        client.id,
        redirectUris?.join(',') ?? null,
        grantTypes?.join(',') ?? null,
        clientName !== undefined,
        clientName ?? null,
        clientUri !== undefined,
        clientUri ?? null,
        logoUri !== undefined,
        logoUri ?? null,
        method ?? null,
      ],
    )
  ).rows[0]!;
  return json(req, clientJson(row));
}

/** POST /admin/oauth/clients/{id}/regenerate_secret: a new secret for a confidential client; the old one stops working. */
async function regenerateSecret(req: Request, ctx: ServiceContext, client: ClientRow): Promise<Response> {
  if (client.client_type !== 'confidential') throw invalid('Cannot regenerate secret for public client');
  const { secret, hash } = newSecret();
  const row = (
    await ctx.db.query<ClientRow>(
      'update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *',
      [client.id, hash],
    )
  ).rows[0]!;
  return json(req, clientJson(row, secret));
}

/** Routes `/admin/oauth/clients[/{id}[/regenerate_secret]]` once the caller is known to be an admin. */
export async function handleOAuthClients(req: Request, ctx: ServiceContext, path: string): Promise<Response> {
  if (!ctx.config.auth.oauthServerEnabled) throw notFound('feature_disabled', 'OAuth server is disabled');
  const method = req.method;
  if (path === '/admin/oauth/clients') {
    if (method === 'POST') return register(req, ctx);
    if (method === 'GET') return list(req, ctx);
  }
  const one = /^\/admin\/oauth\/clients\/([^/]+)(\/regenerate_secret)?$/.exec(path);
  if (one && (one[2] ? method === 'POST' : ['GET', 'PUT', 'DELETE'].includes(method))) {
    const client = await loadClient(ctx, decodeURIComponent(one[1]!));
    if (one[2]) return regenerateSecret(req, ctx, client);
    if (method === 'GET') return json(req, clientJson(client));
    if (method === 'PUT') return update(req, ctx, client);
    await ctx.db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [
      client.id,
    ]);
    return noContent(req);
  }
  throw notFound('not_found', 'Not found');
}
