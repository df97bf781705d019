import { z } from 'zod';
import { perUser } from '@/lib/user-rate-limit';
import { deleteCollection } from '@/features/library/server/collections';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/library/collections/:id – delete a collection (its papers stay in the library)
export const DELETE = route({ auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError('not_found');
  await deleteCollection(user.claims, id.data);
  return { removed: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
