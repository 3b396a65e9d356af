// Input checks with GoTrue's messages.

import bcrypt from 'bcryptjs';
import type { AuthSettings } from '../types';
import { badRequest, unprocessable } from './http';

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

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
