import { z } from 'zod';
import { addToCollectionSchema } from '@/features/library/schema';
import { addToCollection } from '@/features/library/server/add-to-collection';
import { perUser } from '@/lib/user-rate-limit';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/collections/:id/papers – file saved papers (the library's selection) into a collection
export const POST = route({ input: addToCollectionSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError('not_found');
  return addToCollection(user.claims, id.data, input.ids);
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
