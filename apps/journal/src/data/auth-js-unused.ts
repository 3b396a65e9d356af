// What the app's builds put in place of auth-js's WebAuthn code (passkeys and WebAuthn factors), which a browser app
// signing in with a password and TOTP never runs (hosting/auth-js-trim.ts). GoTrueClient builds its WebAuthn API when
// it is created, so the stand-in constructs; any call says what is left out instead of failing somewhere inside.

const leftOut = (what: string) => (): never => {
  throw new Error(`${what} is not part of this app's build of auth-js (see apps/journal/hosting/auth-js-trim.ts).`);
};

/** Any method of `api` throws; `then` is absent, so the object is not mistaken for a promise. */
const method = (api: string, name: string | symbol) =>
  typeof name === 'string' && name !== 'then' ? leftOut(`${api}.${name}`) : undefined;

/** No passkey or WebAuthn factor here: GoTrueClient then answers "WebAuthn is not supported" on its own. */
export const browserSupportsWebAuthn = () => false;
export const createCredential = leftOut('WebAuthn');
export const getCredential = leftOut('WebAuthn');
export const deserializeCredentialCreationOptions = leftOut('WebAuthn');
export const deserializeCredentialRequestOptions = leftOut('WebAuthn');
export const serializeCredentialCreationResponse = leftOut('WebAuthn');
export const serializeCredentialRequestResponse = leftOut('WebAuthn');
export const webAuthnAbortService = { createNewAbortSignal: leftOut('WebAuthn'), cancelCeremony: () => undefined };

/** `auth.mfa.webauthn`: every method throws. */
export class WebAuthnApi {
  constructor() {
    // biome-ignore lint/correctness/noConstructorReturn: every property of the instance is a method that says why it is missing
    return new Proxy(this, { get: (_, name) => method('auth.mfa.webauthn', name) });
  }
}
