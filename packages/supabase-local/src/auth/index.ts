// The GoTrue-compatible auth service, mounted at /auth/v1.

import type { ServiceContext, ServiceHandler } from '../types.ts';
import { handleAdmin, invite } from './admin.ts';
import { authorize, OAuthError, oauthErrorResponse, requireManualLinking, sso } from './external.ts';
import {
  getUser,
  logout,
  otp,
  reauthenticate,
  recover,
  resend,
  signup,
  token,
  unlinkIdentity,
  updateUser,
  verifyGet,
  verifyPost,
} from './handlers.ts';
import { AuthError, errorResponse, json, notFound } from './http.ts';
import { authLimiter, type IpLimit, smsOf } from './limits.ts';
import { challenge, enroll, unenroll, verify as verifyFactor } from './mfa.ts';

export { AuthError } from './http.ts';
export { AuthLimiter, authLimiter, MAX_CODE_ATTEMPTS } from './limits.ts';
export type { SessionJson } from './sessions.ts';
export { hotp, totp, verifyTotp } from './totp.ts';

const PREFIX = '/auth/v1';

function settings(req: Request, ctx: ServiceContext): Response {
  const auth = ctx.config.auth;
  const sms = smsOf(auth);
  return json(req, {
    external: {
      anonymous_users: auth.enableAnonymousSignIns,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      email: true,
      phone: sms.enableSignup,
      zoom: false,
    },
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.enableConfirmations,
    phone_autoconfirm: !sms.enableConfirmations,
    sms_provider: sms.provider ?? '',
    saml_enabled: false,
  });
}

async function route(req: Request, ctx: ServiceContext): Promise<Response> {
  const url = new URL(req.url);
  let path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
  path = path.replace(/\/+$/, '') || '/';
  const method = req.method;
  // GoTrue's per-IP limits that sit in front of a handler; /signup, /token, PUT /user and the factor endpoints
  // apply theirs inside, where GoTrue does.
  const limit = (name: IpLimit) => authLimiter(ctx).perIp(name, req);

  if (path === '/.well-known/jwks.json' && method === 'GET') {
    return json(req, ctx.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=600' });
  }
  if (path === '/settings' && method === 'GET') return settings(req, ctx);
  if (path === '/health' && method === 'GET') {
    return json(req, { version: 'supabase-local', name: 'GoTrue', description: 'GoTrue-compatible local auth' });
  }
  if (path === '/signup' && method === 'POST') return signup(req, ctx, url);
  if (path === '/token' && method === 'POST') return token(req, ctx, url);
  if (path === '/logout' && method === 'POST') return logout(req, ctx, url);
  if (path === '/user' && method === 'GET') return getUser(req, ctx);
  if (path === '/user' && method === 'PUT') return updateUser(req, ctx, url);
  if (path === '/recover' && method === 'POST') {
    limit('recover');
    return recover(req, ctx, url);
  }
  if ((path === '/otp' || path === '/magiclink') && method === 'POST') {
    limit(path === '/otp' ? 'otp' : 'magiclink');
    return otp(req, ctx, url);
  }
  if (path === '/resend' && method === 'POST') {
    limit('resend');
    return resend(req, ctx, url);
  }
  if (path === '/verify' && (method === 'POST' || method === 'GET')) {
    limit('verify');
    return method === 'POST' ? verifyPost(req, ctx) : verifyGet(req, ctx, url);
  }
  if (path === '/reauthenticate' && method === 'GET') return reauthenticate(req, ctx);
  if (path === '/invite' && method === 'POST') return invite(req, ctx, url);
  if (path === '/factors' && method === 'POST') return enroll(req, ctx);
  const factor = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (factor) {
    const id = decodeURIComponent(factor[1]!);
    if (factor[2] === '/challenge' && method === 'POST') return challenge(req, ctx, id);
    if (factor[2] === '/verify' && method === 'POST') return verifyFactor(req, ctx, id);
    if (!factor[2] && method === 'DELETE') return unenroll(req, ctx, id);
  }
  if (path === '/user/identities' || path.startsWith('/user/identities/')) {
    await requireManualLinking(req, ctx);
    if (path === '/user/identities/authorize' && method === 'GET') authorize(url);
    const identity = /^\/user\/identities\/([^/]+)$/.exec(path);
    if (identity && method === 'DELETE') return unlinkIdentity(req, ctx, decodeURIComponent(identity[1]!));
  }
  if (path.startsWith('/admin/')) return handleAdmin(req, ctx, path, url);
  if (path === '/authorize' && method === 'GET') authorize(url);
  if (path === '/sso' || path.startsWith('/sso/')) sso();
  throw notFound('not_found', `No ${method} ${PREFIX}${path}`);
}

/** GoTrue at `/auth/v1/*`: `req.url` is the full URL. */
export const handleAuth: ServiceHandler = async (req, ctx) => {
  try {
    return await route(req, ctx);
  } catch (err) {
    if (err instanceof AuthError) return errorResponse(req, err);
    if (err instanceof OAuthError) return oauthErrorResponse(req, err);
    // A concurrent sign-up of the same address loses the race on the unique index.
    if ((err as { code?: unknown }).code === '23505' && /email|phone/.test(String((err as Error).message))) {
      return errorResponse(req, new AuthError(422, 'user_already_exists', 'User already registered'));
    }
    console.error('[auth]', err);
    return errorResponse(
      req,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    );
  }
};
export {
  type ConcurrentSignInOptions,
  type ConcurrentSignInResult,
  type LatencyResult,
  measureConcurrentSignIns,
  measurePasswordSignIn,
  type SignInBenchOptions,
} from './bench.ts';
