import { z } from 'zod';
import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { detachPaperFile } from '@/features/library/server/detach-paper-file';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/library/papers/:id/files/:objectId – detach a file from a saved paper (the file stays in My files)
export const DELETE = route({ auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ user, params }) => {
  const objectId = z.uuid().safeParse(params.objectId);
  if (!objectId.success) throw new AppError('not_found');
  await detachPaperFile(user.claims, libraryEntryId(params), objectId.data);
  return { detached: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
