import { perUser } from '@/lib/user-rate-limit';
import { deleteAccountSchema } from '@/features/settings/schema';
import { deleteAccount } from '@/features/settings/server/delete-account';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/user/delete-account – soft-deletes the signed-in user's account and removes their data
export const POST = route({ input: deleteAccountSchema, auth: 'required', rateLimit: [perUser('user-delete', 5)] }, ({ input, user }) =>
  deleteAccount(user, input.confirmation),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
