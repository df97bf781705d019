import type { AiQuota } from '@/features/entitlements/server/get-ai-quota';
import { quotaResetDay } from '@/features/entitlements/server/usage-period';

/** How the gate reads a user's quota (one query: getAiQuota). */
export type QuotaReader<C> = (claims: C, now: Date) => Promise<AiQuota>;

export type QuotaGateOptions = {
  /** The longest a quota read is trusted without reading it again on the way to the runtime. */
  freshMs: number;
  /** A quota older than this is read again behind the admitted message, off its way to the runtime. */
  refreshAfterMs: number;
  /** Closer to the limit than this many messages, every message reads the quota first. */
  margin: number;
  /** Users remembered at most (the least recently read are forgotten first). */
  maxUsers: number;
};

type Entry = { quota: AiQuota; readAt: number; pending: number; refreshing: boolean };

/** One admitted AI message: settle it once with the messages metered for its answer (0 when it failed). */
export type Admission = { quota: AiQuota | null; settle(messages: number): void };

/**
 * The quota check before each AI message, without a query on the first token's way when the user is far from the
 * limit. The gate remembers each user's last quota read and the messages it has admitted since: a message is let
 * through on that memory while it is fresh, of this month, and more than `margin` messages from the limit
 * (counting the answers still running); otherwise, and for a user it does not know, it reads the quota first, as
 * before. A memory older than `refreshAfterMs` is read again after the message was let through, so usage on other
 * instances or a plan change is seen within seconds; near the limit every message is checked against the database.
 */
export function createQuotaGate<C extends { sub: string }>(read: QuotaReader<C>, options: QuotaGateOptions) {
  const entries = new Map<string, Entry>();

  const remember = (sub: string, quota: AiQuota, readAt: number, pending: number) => {
    entries.delete(sub);
    entries.set(sub, { quota, readAt, pending, refreshing: false });
    if (entries.size > options.maxUsers) entries.delete(entries.keys().next().value!);
  };

  const room = (entry: Entry) => (entry.quota.remaining === 'unlimited' ? Infinity : entry.quota.remaining - entry.pending);

  function trusted(entry: Entry | undefined, now: Date): boolean {
    return (
      entry !== undefined &&
      entry.quota.resetsOn === quotaResetDay(now) &&
      now.getTime() - entry.readAt <= options.freshMs &&
      room(entry) > options.margin
    );
  }

  function refresh(claims: C, entry: Entry, now: Date) {
    if (entry.refreshing) return;
    entry.refreshing = true;
    read(claims, now).then(
      (quota) => {
        const current = entries.get(claims.sub);
        remember(claims.sub, quota, now.getTime(), current?.pending ?? 0);
      },
      (error: unknown) => {
        entry.refreshing = false;
        console.warn('[ai] reading the quota again failed', error);
      },
    );
  }

  return {
    /**
     * Admits one AI message, or answers the quota that refuses it (`remaining` 0). `quota` is null when the
     * message was admitted on the remembered quota.
     */
    async admit(claims: C, now = new Date()): Promise<{ admitted: true; admission: Admission } | { admitted: false; quota: AiQuota }> {
      const known = entries.get(claims.sub);
      let entry: Entry;
      let quota: AiQuota | null = null;
      if (known && trusted(known, now)) {
        entry = known;
        if (now.getTime() - entry.readAt > options.refreshAfterMs) refresh(claims, entry, now);
      } else {
        quota = await read(claims, now);
        remember(claims.sub, quota, now.getTime(), entries.get(claims.sub)?.pending ?? 0);
        entry = entries.get(claims.sub)!;
        if (quota.remaining !== 'unlimited' && quota.remaining <= 0) return { admitted: false, quota };
      }
      entry.pending++;
      let settled = false;
      return {
        admitted: true,
        admission: {
          quota,
          settle(messages: number) {
            if (settled) return;
            settled = true;
            // The entry may have been read again (or forgotten) meanwhile; whatever holds now is adjusted.
            const current = entries.get(claims.sub);
            if (!current) return;
            current.pending = Math.max(0, current.pending - 1);
            if (current.quota.remaining !== 'unlimited' && messages > 0) {
              current.quota = { ...current.quota, used: current.quota.used + messages, remaining: Math.max(0, current.quota.remaining - messages) };
            }
          },
        },
      };
    },
    /** Forgets every remembered quota (tests; a plan change is seen at the next read anyway). */
    clear() {
      entries.clear();
    },
  };
}
