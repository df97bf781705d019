import type { Paper } from '@citewise/scholar';
import { savePapersSchema } from '@/features/library/schema';
import { perUser } from '@/features/library/rate-limits';
import { savePapers } from '@/features/library/server/save-papers';
import { route } from '@/lib/route';

// POST /api/library/papers/bulk – save several papers, into a collection when one is named
export const POST = route({ input: savePapersSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user }) => {
  const entries = await savePapers(user.claims, input.papers as Paper[], input.collectionId);
  return { entries };
});
