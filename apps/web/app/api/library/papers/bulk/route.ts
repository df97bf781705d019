import type { Paper } from '@citewise/scholar';
import { savePapersSchema } from '@/features/library/schema';
import { perUser } from '@/lib/user-rate-limit';
import { savePapers } from '@/features/library/server/save-papers';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/papers/bulk – save several papers, into a collection when one is named, each checked
export const POST = route({ input: savePapersSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user, request }) => {
  const entries = await savePapers(user.claims, await scholarSources(), input.papers as Paper[], input.collectionId, request.signal);
  return { entries };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
