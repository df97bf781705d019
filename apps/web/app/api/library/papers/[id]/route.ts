import { updateLibraryPaperSchema } from '@/features/library/schema';
import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { removeLibraryPaper } from '@/features/library/server/remove-library-paper';
import { updateLibraryPaper } from '@/features/library/server/update-library-paper';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// PATCH /api/library/papers/:id – change a saved paper's note, tags or collections
export const PATCH = route(
  { input: updateLibraryPaperSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] },
  async ({ input, user, params }) => ({
    entry: await updateLibraryPaper(user.claims, libraryEntryId(params), input),
  }),
);

// DELETE /api/library/papers/:id – remove a paper from the library
export const DELETE = route({ auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ user, params }) => {
  await removeLibraryPaper(user.claims, libraryEntryId(params));
  return { removed: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT } = otherMethods({ PATCH, DELETE });
