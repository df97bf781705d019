import { createCollectionSchema } from '@/features/library/schema';
import { perUser } from '@/lib/user-rate-limit';
import { createCollection, listCollections } from '@/features/library/server/collections';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/collections – create a collection
export const POST = route({ input: createCollectionSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user }) => ({
  collection: await createCollection(user.claims, input.name),
}));

// GET /api/library/collections – the user's collections (for choosing where to save)
export const GET = route({ auth: 'required', rateLimit: [perUser('library-read', 240)] }, async ({ user }) => ({
  collections: await listCollections(user.claims),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
