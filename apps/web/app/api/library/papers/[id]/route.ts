import { z } from 'zod';
import { updateLibraryPaperSchema } from '@/features/library/schema';
import { perUser } from '@/features/library/rate-limits';
import { removeLibraryPaper } from '@/features/library/server/remove-library-paper';
import { updateLibraryPaper } from '@/features/library/server/update-library-paper';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';

function entryId(params: Record<string, string | string[]>): string {
  const parsed = z.uuid().safeParse(params.id);
  // A malformed id cannot name any entry.
  if (!parsed.success) throw new AppError('not_found');
  return parsed.data;
}

// PATCH /api/library/papers/:id – change a saved paper's note, tags or collections
export const PATCH = route({ input: updateLibraryPaperSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user, params }) => ({
  entry: await updateLibraryPaper(user.claims, entryId(params), input),
}));

// DELETE /api/library/papers/:id – remove a paper from the library
export const DELETE = route({ auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ user, params }) => {
  await removeLibraryPaper(user.claims, entryId(params));
  return { removed: true };
});
