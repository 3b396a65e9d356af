// Sign-in through parties the local stack cannot reach, driven through supabase-js: what GoTrue answers while SAML,
// Web3, manual identity linking or an ID-token provider is off (internal/api: middleware.go, web3.go,
// token_oidc.go, external.go).

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from './testing/harness.ts';

vi.setConfig({ testTimeout: 20_000 });

let stack: TestStack;
let seq = 0;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

async function signedIn() {
  const email = `external-${++seq}-${Date.now()}@example.com`;
  const password = 'correct horse';
  await stack.admin().auth.admin.createUser({ email, password, email_confirm: true });
  const client = stack.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

function withAuth<T>(patch: Partial<typeof stack.ctx.config.auth>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...stack.ctx.config.auth };
  Object.assign(stack.ctx.config.auth, patch);
  return fn().finally(() => Object.assign(stack.ctx.config.auth, saved));
}

describe('SAML SSO', () => {
  it('answers 404 saml_provider_disabled "SAML 2.0 is disabled" on every /sso route', async () => {
    const { data, error } = await stack.client().auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const metadata = await stack.fetch('/auth/v1/sso/saml/metadata', {
      headers: { apikey: stack.ctx.keys.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toEqual({ code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  });
});

describe('Web3 sign-in', () => {
  it.each(['solana', 'ethereum'] as const)('answers 422 web3_provider_disabled for %s', async (chain) => {
    const { data, error } = await stack.client().auth.signInWithWeb3({
      chain,
      message: 'test message',
      signature: chain === 'solana' ? new Uint8Array([1, 2, 3]) : '0x1234',
    } as never);
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  });
});

describe('manual identity linking', () => {
  it('is refused with 404 manual_linking_disabled while enable_manual_linking is off', async () => {
    const client = await signedIn();
    const link = await client.auth.linkIdentity({ provider: 'google' });
    expect(link.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const { data } = await client.auth.getUserIdentities();
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
  });

  it('checks the session before the switch', async () => {
    const res = await stack.fetch('/auth/v1/user/identities/authorize?provider=google', {
      headers: { apikey: stack.ctx.keys.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('when on, refuses a provider the stack cannot redirect to, in GoTrue words', async () => {
    await withAuth({ enableManualLinking: true }, async () => {
      const client = await signedIn();
      const google = await client.auth.linkIdentity({ provider: 'google' });
      expect(google.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unsupported provider: provider is not enabled',
      });
      const unknown = await client.auth.linkIdentity({ provider: 'myspace' as never });
      expect(unknown.error).toMatchObject({
        status: 400,
        message: 'Unsupported provider: Provider myspace could not be found',
      });
    });
  });
});

describe('ID-token sign-in', () => {
  it.each([
    ['google', 'https://accounts.google.com'],
    ['apple', 'https://appleid.apple.com'],
    ['facebook', 'https://www.facebook.com'],
    ['kakao', 'https://kauth.kakao.com'],
  ])('answers 400 provider_disabled for %s, naming its issuer', async (provider, issuer) => {
    const { data, error } = await stack.client().auth.signInWithIdToken({ provider, token: 'mock-id-token' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: `Provider (issuer "${issuer}") is not enabled`,
    });
  });

  it('refuses an unknown provider, and an Azure token whose issuer is not Microsoft', async () => {
    const custom = await stack.client().auth.signInWithIdToken({ provider: 'acme', token: 'mock-id-token' });
    expect(custom.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Custom OIDC provider "acme" not allowed',
    });
    const azure = await stack.client().auth.signInWithIdToken({ provider: 'azure', token: 'mock-id-token' });
    expect(azure.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to detect issuer in ID token for Azure provider',
    });
  });

  it('answers an OAuth error "Bad ID token" for an enabled provider, whose keys the offline stack cannot fetch', async () => {
    await withAuth({ externalProviders: ['google'] }, async () => {
      const { error } = await stack.client().auth.signInWithIdToken({ provider: 'google', token: 'mock-id-token' });
      expect(error).toMatchObject({ status: 400, message: 'Bad ID token' });
    });
    const res = await stack.fetch('/auth/v1/token?grant_type=id_token', {
      method: 'POST',
      headers: { apikey: stack.ctx.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'google' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
  });
});
