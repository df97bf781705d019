import { consumeLimit } from '@/features/entitlements/server/limits';
import { replaySearchesSchema } from '@/features/research/schema';
import { replaySearches } from '@/features/research/server/replay-searches';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/scholar/replay – a search log's searches sent again as recorded; answers the new results and what changed
export const POST = route(
  {
    input: replaySearchesSchema,
    auth: 'required',
    rateLimit: [{ name: 'scholar-replay', points: 20, durationSeconds: 60, key: ({ user }) => user!.id }],
  },
  async ({ input, request, user }) => {
    // One "Run again" counts as one search of the day, however many queries the log holds.
    await consumeLimit(user.claims, 'searchesPerDay');
    return replaySearches(await scholarSources(), input, request.signal);
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
