import { completePaperSchema } from '@/features/research/schema';
import { completePaper } from '@/features/research/server/complete-paper';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/scholar/complete – fill a record's missing authors, year or venue from an online source with the same work
export const POST = route(
  { input: completePaperSchema, rateLimit: [{ name: 'scholar-complete', points: 60, durationSeconds: 60 }] },
  async ({ input, request }) => completePaper(await scholarSources(), input.paper, request.signal),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
