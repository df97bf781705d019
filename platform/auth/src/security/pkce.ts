// PKCE parameters as GoTrue validates them (docs/protocols/supabase-auth.md §6.5).
import { createHash } from 'node:crypto';
import { safeEqual } from './otp';

export type PkceMethod = 's256' | 'plain';

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export function validatePkceParams(
  challenge?: string,
  method?: string,
): { ok: true; value: { challenge: string; method: PkceMethod } | null } | { ok: false; message: string } {
  if (!challenge && !method) return { ok: true, value: null };
  if (!challenge || !method) return { ok: false, message: 'PKCE flow requires code_challenge_method and code_challenge' };
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    return { ok: false, message: `code challenge method not supported: ${method}` };
  }
  if (!CHALLENGE.test(challenge)) {
    return { ok: false, message: 'code challenge has to be between 43 and 128 characters of [A-Za-z0-9._~-]' };
  }
  return { ok: true, value: { challenge, method: normalized } };
}

export function verifyPkce(verifier: string, challenge: string, method: PkceMethod): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier, 'utf8').digest('base64url') : verifier;
  return safeEqual(expected, challenge);
}
