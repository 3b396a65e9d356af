import { MESSAGES } from '../messages.ts';
import type { Credentials, ServiceError } from '../ports.ts';

function present(value: string | undefined): boolean {
  return value !== undefined && value.trim().length > 0;
}

/** Sign-up and sign-in need an email or a phone number, and a password. Returns the message to show, or null. */
export function validateCredentials(credentials: Partial<Credentials>): string | null {
  const hasIdentifier = present(credentials.email) || present(credentials.phone);
  return hasIdentifier && present(credentials.password) ? null : MESSAGES.credentialsRequired;
}

/** The service's own message when it gave one, else the fallback. */
export function messageOr(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const { message } = error as ServiceError;
    if (typeof message === 'string' && message.trim().length > 0) return message;
  }
  return fallback;
}
