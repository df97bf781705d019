import 'server-only';
import { provideProductHooks } from '@/lib/platform/product-hooks';

/**
 * The composition root of the platform services: the features that answer what the embedded services ask of the
 * product (lib/platform/product-hooks.ts). Imported for its effect by instrumentation.ts (the server) and the web
 * tests' setup; what it names is loaded only when a service is first built.
 */
provideProductHooks(async () => {
  const [{ storageQuota }, { scholarSources }, { userLibrary }, { libraryPapers }, { checkSession }] = await Promise.all([
    import('@/features/files/server/storage-quota'),
    import('@/features/research/server/scholar-sources'),
    import('@/features/ai/server/user-library'),
    import('@/features/ai/server/library-papers'),
    import('@/lib/auth/session-state'),
  ]);
  return {
    storageQuota,
    scholarSources,
    userLibrary,
    libraryPapers,
    sessionActive: async (claims, token) => (await checkSession(claims, async () => token)) === 'active',
  };
});
