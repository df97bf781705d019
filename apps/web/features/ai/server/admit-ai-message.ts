import 'server-only';
import { and, eq, lte, sql } from '@citewise/db/orm';
import { plans } from '@/config/plans';
import { UPGRADE_PATH } from '@/features/entitlements/server/limits';
import { effectivePlanIdSql, teamPlanIdSql } from '@/features/entitlements/server/effective-plan';
import { aiMessageReservations, aiUsage, subscriptions } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LimitDetail } from '@/lib/errors';
import { limitMessage } from '@/lib/limit-message';
import type { Locale } from '@/lib/i18n/routing';
import { monthStart, quotaResetDay } from '@/features/entitlements/server/usage-period';
import { DifyProxyError } from './dify-error';
import type { AiQuota } from '@/features/entitlements/server/get-ai-quota';
import { addAiUsage, type AiUsageFigures } from './record-ai-usage';

/**
 * How long a hold lives when its answer never ends (the server died mid-answer): long enough for the slowest run a
 * runtime allows, short enough that a crash costs the user no message for long.
 */
export const RESERVATION_TTL_MS = 30 * 60_000;

/**
 * One admitted AI message. Exactly one of `settle` (the answer ended: what it metered is added to the usage, and the
 * hold goes in the same transaction) or `release` (nothing was answered) is called; later calls do nothing.
 */
export type Admission = {
  /** The quota as admission saw it, counting this message and the others still running. */
  quota: AiQuota;
  settle(figures: AiUsageFigures): Promise<void>;
  release(): Promise<void>;
};

/**
 * Admits one AI message, or refuses it once the plan's messages for this month are used up: 429 `quota_exceeded`
 * with the day the quota resets (`reset_at`, and in the message), Retry-After until then, and `plan_limit`: the
 * same description every other plan limit answers with (`error.limit` of `plan_limit_reached`).
 *
 * Admission reserves the message before the runtime sees it (docs/protocols/dify.md §5, rule 4): in one
 * transaction, under an advisory lock on the user, the month's counted messages and the holds of answers still
 * running are read, and a hold is added when they leave room. Parallel messages therefore queue on the lock and the
 * last one that fits is the last one admitted, on PGlite and on PostgreSQL, on one instance or many.
 */
export async function admitAiMessage(claims: UserClaims, appId: string, locale: Locale, now = new Date()): Promise<Admission> {
  const { quota, reservationId } = await withUserDb(claims, async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cw.ai_messages:${claims.sub}`}, 0))`);
    await db.delete(aiMessageReservations).where(and(eq(aiMessageReservations.userId, claims.sub), lte(aiMessageReservations.expiresAt, now)));
    const [row] = await db
      .select({
        planId: sql<
          string | null
        >`coalesce(${teamPlanIdSql}, (select ${effectivePlanIdSql} from ${subscriptions} where ${subscriptions.userId} = ${claims.sub}))`,
        used: sql<
          string | number
        >`(select coalesce(sum(${aiUsage.messages}), 0) from ${aiUsage} where ${aiUsage.userId} = ${claims.sub} and ${aiUsage.day} >= ${monthStart(now)})`,
        running: sql<string | number>`(select count(*) from ${aiMessageReservations} where ${aiMessageReservations.userId} = ${claims.sub})`,
      })
      .from(sql`(select 1) as one`);
    const plan = plans.find((candidate) => candidate.id === row?.planId) ?? plans[0]!;
    const feature = plan.features.aiMessagesPerMonth;
    const limit = typeof feature === 'number' ? feature : 'unlimited';
    const used = Number(row?.used ?? 0) + Number(row?.running ?? 0);
    const quota: AiQuota = {
      planId: plan.id,
      limit,
      used,
      remaining: limit === 'unlimited' ? 'unlimited' : Math.max(0, limit - used),
      resetsOn: quotaResetDay(now),
    };
    // Unlimited plans count messages too, but nothing needs holding for them.
    if (limit === 'unlimited') return { quota, reservationId: null };
    if (used >= limit) return { quota, reservationId: undefined };
    const [hold] = await db
      .insert(aiMessageReservations)
      .values({ userId: claims.sub, appId, createdAt: now, expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS) })
      .returning({ id: aiMessageReservations.id });
    return { quota: { ...quota, used: used + 1, remaining: Math.max(0, limit - used - 1) }, reservationId: hold!.id };
  });
  if (reservationId === undefined) throw quotaExceeded(quota, locale, now);

  let done = false;
  const end = async (figures: AiUsageFigures | null) => {
    if (done) return;
    done = true;
    const counts = figures && (figures.messages > 0 || figures.totalTokens > 0 || figures.inputTokens > 0 || figures.outputTokens > 0);
    if (!reservationId && !counts) return;
    try {
      await withUserDb(claims, async (db) => {
        if (reservationId) await db.delete(aiMessageReservations).where(eq(aiMessageReservations.id, reservationId));
        if (counts) await addAiUsage(db, claims, appId, figures);
      });
    } catch (error) {
      // The answer has gone to the browser already; an unsettled hold lapses after RESERVATION_TTL_MS.
      console.error('[ai] settling an AI message failed', error);
    }
  };
  return {
    quota,
    settle: (figures) => end(figures),
    release: () => end(null),
  };
}

function quotaExceeded(quota: AiQuota, locale: Locale, now: Date): DifyProxyError {
  const resetAt = new Date(`${quota.resetsOn}T00:00:00Z`);
  // The product's one limit description (lib/errors.ts LimitDetail) beside Dify's own fields.
  const planLimit: LimitDetail = {
    feature: 'aiMessagesPerMonth',
    limit: Number(quota.limit),
    used: quota.used,
    resets_on: quota.resetsOn,
    upgrade_url: UPGRADE_PATH,
  };
  const message = limitMessage(locale, planLimit);
  return new DifyProxyError(429, 'quota_exceeded', message, {
    extra: { reset_at: quota.resetsOn, limit: quota.limit, used: quota.used, plan_limit: planLimit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))) },
  });
}
