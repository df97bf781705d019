import { inviteSchema } from '@/features/team/schema';
import { inviteMember } from '@/features/team/server/team';
import { perUser } from '@/lib/user-rate-limit';
import { requestOrigin } from '@/lib/request-info';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/team/invitations – the owner invites an address (it takes a seat; a full team answers team_full)
export const POST = route({ input: inviteSchema, auth: 'required', rateLimit: [perUser('team-invite', 20)] }, async ({ input, user, request, locale }) =>
  inviteMember(user, input.email, requestOrigin(request.headers), locale),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
