// Password guessing per account (ours; GoTrue limits /token only per address, 150 per 5 minutes). Failed
// password checks are counted per account and address (default 10 per 15 minutes) and per account from all
// addresses (default 50 per hour); past either, the check is refused with 429 over_request_rate_limit.
//
// - The account is the normalised email or phone as typed, not the user id, so an unknown address counts
//   exactly like a known one and the answer reveals nothing about which accounts exist.
// - Each attempt is counted before the comparison (so parallel guesses cannot slip past the limit) and given
//   back when the password was right: only failures stay counted. A right password also clears its own
//   address's failures.
// - The account-wide limit refuses the right password too: if it let the right one through, "429 or not"
//   would itself tell the guesser when they had it. So someone guessing from many addresses can keep the owner
//   out for at most that window (an hour by default), from any address; sign-in by link, code or OAuth is
//   unaffected. A lock never outlasts its window, which starts at the first counted failure.
import { createHash } from 'node:crypto';
import type { AuthContext } from './context';
import { rateLimited } from './limits';

export interface PasswordAttempt {
  /** Records the comparison's outcome; a right password does not count as a failure. */
  settle(right: boolean): Promise<void>;
}

/** Spends one password attempt for `account` (`email:…` or `phone:…`) from `ip`, or throws 429. */
export async function beginPasswordAttempt(ctx: AuthContext, account: string, ip: string): Promise<PasswordAttempt> {
  const { passwordFailuresPerAccountAddress: pair, passwordFailuresPerAccount: all } = ctx.limiters;
  // Hashed so Redis holds no addresses in clear.
  const accountKey = createHash('sha256').update(account).digest('base64url').slice(0, 32);
  const pairKey = `${accountKey}|${ip}`;
  const [byPair, byAccount] = await Promise.all([pair.consume(pairKey), all.consume(accountKey)]);
  if (!byPair.ok || !byAccount.ok) {
    // A refused attempt compared nothing, so it does not count either (and does not lengthen anything).
    await Promise.all([pair.refund(pairKey), all.refund(accountKey)]);
    const waits = [byPair, byAccount].map((result) => (result.ok ? 0 : result.retryAfterSeconds));
    throw rateLimited(Math.max(...waits));
  }
  return {
    async settle(right) {
      if (right) await Promise.all([pair.reset(pairKey), all.refund(accountKey)]);
    },
  };
}
