import { searchQuerySchema } from '@/features/research/schema';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { searchPapers } from '@/features/research/server/search-papers';
import { consumeLimit } from '@/features/entitlements/server/limits';
import { appDatabase } from '@/lib/db/database';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/scholar/search?q=…&page=&sort=&yearFrom=&yearTo=&sources=&field=&hasAbstract=&language=en|zh&translate=auto|off
// – federated search; the answer's `translation` says what was also searched in the other language
export const GET = route(
  { input: searchQuerySchema, auth: 'optional', rateLimit: [{ name: 'scholar-search', points: 60, durationSeconds: 60 }] },
  async ({ input, request, user }) => {
    // A signed-in user's searches count against the plan's searches per day (the first page of each query).
    if (user && input.page === 1) await consumeLimit(user.claims, 'searchesPerDay');
    return searchPapers((await appDatabase()).db, await scholarSources(), input, request.signal, user?.claims ?? null);
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
