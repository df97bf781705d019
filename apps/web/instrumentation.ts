/**
 * Runs once when the server starts: opens the database and mounts the platform services right away, so that
 * a database that cannot be opened fails the start rather than the first request, and the dev mailbox link
 * (services.ts) is printed with the start lines; loads the query-translation glossary and dictionary, so the first
 * search does not wait for them and a malformed glossary line stops the start, naming its file and line; reads
 * SEARCH_THREADS and has a scoring thread rank a small job, so a wrong value, or a build in which the threads cannot
 * work, fails the start rather than every search; and warns when the local test-mode checkout runs on a server
 * others can reach. Not during `next build`, which must never open the data.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  try {
    await import('@/platform-hooks');
    const { platform, embeddedAuthEnabled } = await import('@/lib/platform/services');
    if (embeddedAuthEnabled()) await platform();
    const { loadLexicon, scoreThreads } = await import('@citewise/scholar');
    loadLexicon();
    await scoreThreads()?.check();
    const { testModeWarning } = await import('@/features/billing/server/test-mode-warning');
    const warning = testModeWarning();
    if (warning) console.warn(warning);
  } catch (error) {
    // Next would log this and go on serving, answering every request with an error: the process stops instead.
    console.error('citewise: the server cannot start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
