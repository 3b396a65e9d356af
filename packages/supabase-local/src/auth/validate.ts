// Input checks with GoTrue's messages.

import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/bcrypt';
import type { AuthSettings } from '../types.ts';
import { badRequest, unprocessable } from './http.ts';

/** GoTrue's bcrypt cost. */
let bcryptCost = 10;

/** Tests may lower the cost (4 is bcrypt's minimum); the server always runs with GoTrue's 10. */
export function setBcryptCost(cost: number): void {
  bcryptCost = cost;
}

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 255 || !EMAIL.test(trimmed)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return trimmed.toLowerCase();
}

/** E.164 without the plus, as GoTrue stores phone numbers. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/[\s()+-]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return digits;
}

export function checkPassword(password: string, settings: AuthSettings): void {
  const min = settings.minimumPasswordLength;
  if (password.length < min) {
    throw unprocessable('weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

// bcrypt runs natively on libuv's thread pool: off the event loop, and a third faster than bcrypt in JavaScript,
// which two cores need to sign 50 users in within 2 s. At most `HASHING_THREADS` at a time, so that the pool's other
// threads stay free for what every request needs from it (WebCrypto's JWT checks, file reads): with all four
// threads hashing, a select waited behind 50 sign-ins for more than a second.
const HASHING_THREADS = Math.max(1, Math.min(availableParallelism(), 3));
let hashing = 0;
const waiting: (() => void)[] = [];

async function onHashingThread<T>(work: () => Promise<T>): Promise<T> {
  // a finished job hands its thread straight to the next waiting one
  if (hashing < HASHING_THREADS) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** A bcrypt hash as GoTrue stores it (`$2b$10$…`, which Go's bcrypt reads). */
export function hashPassword(password: string): Promise<string> {
  return onHashingThread(() => hash(password, { cost: bcryptCost }));
}

/** Whether `password` matches a `$2a$`/`$2b$`/`$2y$` hash; a hash that is not bcrypt never matches. */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  try {
    return await onHashingThread(() => verify(password, stored));
  } catch {
    return false;
  }
}
