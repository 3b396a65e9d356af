// A failed Supabase call as the trader should read it. The server refuses journal writes without access (RLS with
// access.has_access: 42501, or Storage's "new row violates row-level security policy"); in the app that happens only
// when access ends while a page is open, so say that instead of the database's words.

export const READ_ONLY_MESSAGE =
  'Your access has ended, so your journal is read-only. Renew your subscription to add or change entries.';

/** True for the server's refusal of a write under row-level security. */
export function isAccessRefusal(error: { code?: string; message: string }): boolean {
  return error.code === '42501' || /violates row-level security/i.test(error.message);
}

/** The Error to throw for a failed call: the access refusal in plain words, any other error with its own message. */
export function dataError(error: { code?: string; message: string }): Error {
  return new Error(isAccessRefusal(error) ? READ_ONLY_MESSAGE : error.message);
}
