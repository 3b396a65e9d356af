// Sign-in and linking through parties outside the stack (OAuth and OIDC providers, SAML identity providers, Web3
// wallets). The local stack reaches no such party, so these answer what GoTrue answers while each is switched off,
// in its words; an ID token of a provider enabled in config.toml cannot be verified offline and is refused as GoTrue
// refuses a token it cannot verify.

import type { ServiceContext } from '../types.ts';
import { type AuthError, type Body, badRequest, json, notFound, str, unprocessable } from './http.ts';
import { requireUser } from './sessions.ts';

/** The external OAuth providers GoTrue knows by name (`/authorize?provider=…`, linking). */
const OAUTH_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'snapchat',
  'spotify',
  'slack',
  'slack_oidc',
  'twitch',
  'twitter',
  'x',
  'workos',
  'zoom',
]);

/** An OAuth 2.0 error body (`{error, error_description}`, always 400), as GoTrue's OAuthError renders. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

/** Go's `%q` of a plain string. */
const quoted = (value: string) => JSON.stringify(value);

/** GET /authorize and GET /user/identities/authorize: the provider's redirect, which needs a reachable provider. */
function unsupportedProvider(url: URL): AuthError {
  const provider = url.searchParams.get('provider') ?? '';
  const reason = OAUTH_PROVIDERS.has(provider) ? 'provider is not enabled' : `Provider ${provider} could not be found`;
  return badRequest('validation_failed', `Unsupported provider: ${reason}`);
}

export function authorize(url: URL): never {
  throw unsupportedProvider(url);
}

/**
 * `/user/identities/*` (supabase-js `linkIdentity`, `unlinkIdentity`): signed-in users only, and only while
 * `enable_manual_linking` is on; GoTrue checks in that order.
 */
export async function requireManualLinking(req: Request, ctx: ServiceContext): Promise<void> {
  await requireUser(req, ctx);
  if (!ctx.config.auth.enableManualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** `/sso`, `/sso/saml/*` (supabase-js `signInWithSSO`): the local stack has no SAML 2.0 service provider. */
export function sso(): never {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** POST /token?grant_type=web3 (supabase-js `signInWithWeb3`): no Web3 chain is enabled locally. */
export function web3Grant(): never {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

const ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};
const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;

/** The `iss` of a JWT, read without verifying it (GoTrue's DetectAzureIDTokenIssuer). */
function unverifiedIssuer(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Body;
    return str(payload, 'iss');
  } catch {
    return undefined;
  }
}

/** Which configured provider an ID-token grant names, by `provider` or by `issuer`, as GoTrue matches them. */
function idTokenProvider(body: Body, idToken: string): { name: string; issuer: string } {
  const provider = str(body, 'provider') ?? '';
  const issuer = str(body, 'issuer') ?? '';
  for (const [name, known] of Object.entries(ISSUERS)) {
    if (provider === name || issuer === known) return { name, issuer: known };
  }
  if (provider === 'azure' || AZURE_ISSUER.test(issuer)) {
    const detected = AZURE_ISSUER.test(issuer) ? issuer : unverifiedIssuer(idToken);
    if (!detected || !AZURE_ISSUER.test(detected)) {
      throw badRequest('validation_failed', 'Unable to detect issuer in ID token for Azure provider');
    }
    return { name: 'azure', issuer: detected };
  }
  // Keycloak's issuer is its configured URL, which the local stack has none of.
  if (provider === 'keycloak') return { name: 'keycloak', issuer: '' };
  throw badRequest('validation_failed', `Custom OIDC provider ${quoted(provider)} not allowed`);
}

/** POST /token?grant_type=id_token (supabase-js `signInWithIdToken`). */
export function idTokenGrant(body: Body, ctx: ServiceContext): never {
  const idToken = str(body, 'id_token');
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!str(body, 'provider') && (!str(body, 'client_id') || !str(body, 'issuer'))) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const { name, issuer } = idTokenProvider(body, idToken);
  if (!ctx.config.auth.externalProviders?.includes(name)) {
    throw badRequest('provider_disabled', `Provider (issuer ${quoted(issuer)}) is not enabled`);
  }
  // GoTrue verifies the token against the provider's published keys, which cannot be fetched offline.
  throw new OAuthError('invalid request', 'Bad ID token');
}

export function oauthErrorResponse(req: Request, err: OAuthError): Response {
  return json(req, { error: err.error, error_description: err.description }, 400);
}
