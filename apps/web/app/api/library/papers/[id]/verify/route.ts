import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { recheckLibraryPaper } from '@/features/library/server/recheck-library-paper';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/papers/:id/verify – check a saved paper's record again and keep the verdict
export const POST = route({ auth: 'required', rateLimit: [perUser('library-verify', 30)] }, async ({ user, params, request }) => ({
  entry: await recheckLibraryPaper(user.claims, await scholarSources(), libraryEntryId(params), request.signal),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
