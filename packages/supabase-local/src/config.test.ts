// loadConfig: config.toml values, Supabase CLI defaults, and the secret override.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET, loadConfig, parseDuration } from './config.ts';
import { makeWorkdir } from './rest/fixture.ts';

afterEach(() => {
  delete process.env.SUPABASE_LOCAL_JWT_SECRET;
});

describe('loadConfig', () => {
  it('uses the Supabase CLI defaults without a config.toml', async () => {
    const workdir = makeWorkdir({});
    const config = await loadConfig({ workdir });
    expect(config).toMatchObject({
      workdir,
      port: 54321,
      jwtSecret: DEFAULT_JWT_SECRET,
      schemas: ['public', 'graphql_public'],
      maxRows: 1000,
      auth: {
        siteUrl: 'http://127.0.0.1:3000',
        additionalRedirectUrls: [],
        jwtExpiry: 3600,
        enableSignup: true,
        enableConfirmations: false,
        minimumPasswordLength: 6,
        enableAnonymousSignIns: false,
        enableRefreshTokenRotation: true,
        refreshTokenReuseInterval: 10,
        mfaTotpEnrollEnabled: false,
        mfaTotpVerifyEnabled: false,
        mfaWebAuthnEnrollEnabled: false,
        mfaWebAuthnVerifyEnabled: false,
        testOtp: {},
      },
    });
    expect(config.auth.signingKeysPath).toBeUndefined();
    expect(config.dataDir).toBeUndefined();
  });

  it('reads [api], [auth], [auth.email], [auth.mfa.totp], [auth.sms] and [storage]', async () => {
    const workdir = makeWorkdir({
      'supabase/config.toml': `
[api]
port = 6000
schemas = ["public", "api"]
max_rows = 50

[storage]
file_size_limit = "5MiB"

[auth]
site_url = "http://localhost:5173"
additional_redirect_urls = ["http://localhost:5173/reset"]
jwt_expiry = 600
enable_signup = false
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 3
minimum_password_length = 8
enable_anonymous_sign_ins = true
signing_keys_path = "./signing_keys.json"

[auth.rate_limit]
email_sent = 2
sms_sent = 20
anonymous_users = 10
token_refresh = 100
sign_in_sign_ups = 40
token_verifications = 50

[auth.email]
enable_confirmations = true
max_frequency = "1m30s"

[auth.email.smtp]
enabled = true
host = "smtp.example.com"
port = 587

[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true

[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = false

[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "5s"
template = "Code: {{ .Code }}"

[auth.sms.test_otp]
4152127777 = "123456"

[auth.sms.twilio]
enabled = true
`,
    });
    const config = await loadConfig({ workdir, port: 0 });
    expect(config.port).toBe(0);
    expect(config.schemas).toEqual(['public', 'api']);
    expect(config.maxRows).toBe(50);
    expect(config.storageFileSizeLimit).toBe(5 * 1024 * 1024);
    expect(config.auth).toEqual({
      siteUrl: 'http://localhost:5173',
      additionalRedirectUrls: ['http://localhost:5173/reset'],
      jwtExpiry: 600,
      enableSignup: false,
      enableConfirmations: true,
      minimumPasswordLength: 8,
      enableAnonymousSignIns: true,
      enableRefreshTokenRotation: false,
      refreshTokenReuseInterval: 3,
      mfaTotpEnrollEnabled: true,
      mfaTotpVerifyEnabled: true,
      mfaWebAuthnEnrollEnabled: true,
      mfaWebAuthnVerifyEnabled: false,
      testOtp: { '4152127777': '123456' },
      rateLimit: {
        emailSent: 2,
        smsSent: 20,
        anonymousUsers: 10,
        tokenRefresh: 100,
        signInSignUps: 40,
        tokenVerifications: 50,
      },
      emailMaxFrequency: 90,
      sms: {
        enableSignup: true,
        enableConfirmations: true,
        maxFrequency: 5,
        template: 'Code: {{ .Code }}',
        provider: 'twilio',
      },
      enableManualLinking: false,
      externalProviders: [],
      oauthServerEnabled: false,
      signingKeysPath: `${workdir}/supabase/signing_keys.json`,
    });
  });

  it('reads enable_manual_linking, the enabled [auth.external.<provider>] tables and [auth.oauth_server] enabled', async () => {
    const { auth } = await loadConfig({
      workdir: makeWorkdir({
        'supabase/config.toml': `
[auth]
enable_manual_linking = true

[auth.external.google]
enabled = true
client_id = "id"

[auth.external.github]
enabled = false

[auth.oauth_server]
enabled = true
authorization_url_path = "/oauth/consent"
allow_dynamic_registration = false
`,
      }),
    });
    expect(auth).toMatchObject({ enableManualLinking: true, externalProviders: ['google'], oauthServerEnabled: true });
  });

  it("defaults [auth.rate_limit], max_frequency and [auth.sms] as the CLI's local stack runs GoTrue", async () => {
    const { auth } = await loadConfig({ workdir: makeWorkdir({}) });
    // email_sent reaches GoTrue only with [auth.email.smtp]; otherwise the CLI passes 360000.
    const withoutSmtp = await loadConfig({
      workdir: makeWorkdir({ 'supabase/config.toml': '[auth.rate_limit]\nemail_sent = 2\n' }),
    });
    expect(withoutSmtp.auth.rateLimit?.emailSent).toBe(360_000);
    expect(auth.rateLimit).toEqual({
      emailSent: 360_000,
      smsSent: 30,
      anonymousUsers: 30,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
    });
    expect(auth.emailMaxFrequency).toBe(1);
    expect(auth.sms).toEqual({
      enableSignup: false,
      enableConfirmations: false,
      maxFrequency: 5,
      template: 'Your code is {{ .Code }}',
    });
  });

  it('reads Go durations as the CLI does', () => {
    expect(parseDuration('1s', 0)).toBe(1);
    expect(parseDuration('1m0s', 0)).toBe(60);
    expect(parseDuration('1h2m3s', 0)).toBe(3723);
    expect(parseDuration('500ms', 0)).toBe(0.5);
    expect(parseDuration(30, 0)).toBe(30);
    expect(parseDuration('soon', 7)).toBe(7);
  });

  it('lets SUPABASE_LOCAL_JWT_SECRET override the secret and reports a broken config.toml', async () => {
    process.env.SUPABASE_LOCAL_JWT_SECRET = 'an-env-secret-with-at-least-32-characters!!';
    const config = await loadConfig({ workdir: makeWorkdir({}) });
    expect(config.jwtSecret).toBe('an-env-secret-with-at-least-32-characters!!');
    const broken = makeWorkdir({ 'supabase/config.toml': '[api\nport = 1' });
    await expect(loadConfig({ workdir: broken })).rejects.toThrow(/config\.toml/);
  });
});
