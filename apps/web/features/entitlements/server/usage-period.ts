/**
 * AI quotas count calendar months in UTC, so every instance and every time zone agree on when a month ends.
 * Days are ISO dates (`2026-11-25`), the same strings the usage table stores.
 */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function monthStart(now: Date): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
}

/** The first day of the next month: the day the monthly quota starts again. */
export function quotaResetDay(now: Date): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
}
