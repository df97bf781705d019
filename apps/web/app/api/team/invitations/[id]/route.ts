import { revokeInvitation } from '@/features/team/server/team';
import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// DELETE /api/team/invitations/:id – the owner revokes an invitation, freeing its seat
export const DELETE = route({ auth: 'required', rateLimit: [perUser('team-write', 60)] }, async ({ user, params }) => {
  await revokeInvitation(user, libraryEntryId(params));
  return { revoked: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
