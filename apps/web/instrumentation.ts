/**
 * Runs once when the server starts: opens the database and mounts the platform services right away, so that
 * a database that cannot be opened fails the start rather than the first request, and the dev mailbox link
 * (services.ts) is printed with the start lines; and loads the query-translation dictionary, so the first search
 * does not wait for it. Not during `next build`, which must never open the data.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { platform, embeddedAuthEnabled } = await import('@/lib/platform/services');
  if (embeddedAuthEnabled()) await platform();
  const { loadDictionary } = await import('@citewise/scholar');
  loadDictionary();
}
