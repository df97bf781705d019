// One-time tokens (codes and link hashes). Only `sha224(address + code)` is stored; a PKCE flow prefixes it
// with `pkce_` so the mailed link later redirects with `?code=` (docs/protocols/supabase-auth.md §2.6, §6.5).
import { and, eq, inArray, or } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import { oneTimeTokens } from './db/schema';
import { generateOtp, pkceTokenHash, tokenHash } from './security/otp';

type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export type TokenType = 'confirmation' | 'recovery' | 'reauthentication' | 'email_change_current' | 'email_change_new' | 'phone_change';

/** Creates (or replaces) the user's token of `type`; returns the code to send and the hash for the link. */
export async function issueToken(db: Tx, userId: string, type: TokenType, address: string, options: { length: number; pkce: boolean }) {
  const otp = generateOtp(options.length);
  const plain = tokenHash(address, otp);
  const stored = options.pkce ? pkceTokenHash(plain) : plain;
  const now = new Date();
  await db
    .insert(oneTimeTokens)
    .values({ userId, tokenType: type, tokenHash: stored, relatesTo: address, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [oneTimeTokens.userId, oneTimeTokens.tokenType],
      set: { tokenHash: stored, relatesTo: address, createdAt: now, updatedAt: now },
    });
  return { otp, hash: stored };
}

/** A pending token matching a code typed by the user for `address`. */
export async function findByCode(db: Tx, address: string, otp: string, types: TokenType[]) {
  const plain = tokenHash(address, otp);
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        or(eq(oneTimeTokens.tokenHash, plain), eq(oneTimeTokens.tokenHash, pkceTokenHash(plain))),
        eq(oneTimeTokens.relatesTo, address),
        inArray(oneTimeTokens.tokenType, types),
      ),
    )
    .limit(1);
  return row;
}

/** A pending token by the hash carried in a link (`pkce_` prefix included when present). */
export async function findByHash(db: Tx, hash: string, types: TokenType[]) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hash), inArray(oneTimeTokens.tokenType, types)))
    .limit(1);
  return row;
}

/** Tokens are single use: any successful verification clears every pending token of the user. */
export async function clearTokens(db: Tx, userId: string, types?: TokenType[]) {
  await db
    .delete(oneTimeTokens)
    .where(types ? and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.tokenType, types)) : eq(oneTimeTokens.userId, userId));
}
