import { savedPapersSchema } from '@/features/library/schema';
import { perUser } from '@/lib/user-rate-limit';
import { savedPaperIds } from '@/features/library/server/save-papers';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/papers/saved – which of these papers (a page of results) the user has saved
// (a POST because a page of paper ids does not fit a query string)
export const POST = route({ input: savedPapersSchema, auth: 'required', rateLimit: [perUser('library-read', 240)] }, async ({ input, user }) => ({
  saved: await savedPaperIds(user.claims, input.paperIds),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
