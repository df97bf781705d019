import { teamView } from '@/features/team/server/team';
import { perUser } from '@/lib/user-rate-limit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/team – the signed-in user's team: role, seats used/total, members, invitations (owner), invitations to them
export const GET = route({ auth: 'required', rateLimit: [perUser('team-read', 120)] }, async ({ user }) => ({ team: await teamView(user) }));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
