// One-time codes, token hashes and refresh tokens (docs/protocols/supabase-auth.md §2.6, §5.1).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** `length` uniform random decimal digits from the CSPRNG. */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** GoTrue's stored form of a one-time token: hex SHA-224 of address + code. Link tokens are this hash. */
export function tokenHash(address: string, otp: string): string {
  return createHash('sha224')
    .update(address + otp, 'utf8')
    .digest('hex');
}

export const pkceTokenHash = (hash: string) => `pkce_${hash}`;
export const isPkceTokenHash = (hash: string) => hash.startsWith('pkce_');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's v1 refresh token: 12 random lower-case base32 characters (60 bits). */
export function generateRefreshToken(): string {
  const bytes = randomBytes(12);
  let token = '';
  for (const byte of bytes) token += BASE32[byte & 31];
  return token;
}

/** Only v1 tokens exist here; GoTrue's longer v2 tokens are refused as malformed, as GoTrue refuses garbage. */
export function isWellFormedRefreshToken(token: string): boolean {
  return /^[a-z0-9]{12}$/.test(token);
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
