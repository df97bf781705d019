import { declineInvitation } from '@/features/team/server/team';
import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/team/invitations/:id/decline – the invited account says no; the seat is free again
export const POST = route({ auth: 'required', rateLimit: [perUser('team-write', 60)] }, async ({ user, params }) => {
  await declineInvitation(user, libraryEntryId(params));
  return { declined: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
