import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { recheckLibraryPaper } from '@/features/library/server/recheck-library-paper';
import { scholarSources } from '@/features/research/server/scholar-sources';
import { route } from '@/lib/route';

// POST /api/library/papers/:id/verify – check a saved paper's record again and keep the verdict
export const POST = route({ auth: 'required', rateLimit: [perUser('library-verify', 30)] }, async ({ user, params, request }) => ({
  entry: await recheckLibraryPaper(user.claims, await scholarSources(), libraryEntryId(params), request.signal),
}));
