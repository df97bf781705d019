/**
 * How admin pages print a moment (created, last sign-in, sessions, the audit trail): one format everywhere, so
 * entries compare at a glance ("Nov 28, 2026, 11:47 PM"; "2026年11月28日 23:47").
 */
export const adminDateTime = { dateStyle: 'medium', timeStyle: 'short' } as const;
