import { sharePaperSchema } from '@/features/team/schema';
import { listSharedPapers, sharePaper } from '@/features/team/server/shared-library';
import { perUser } from '@/lib/user-rate-limit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/team/library – the team's shared library (members only)
export const GET = route({ auth: 'required', rateLimit: [perUser('team-read', 120)] }, async ({ user }) => ({ papers: await listSharedPapers(user.claims) }));

// POST /api/team/library – shares a paper of the user's own library with the team
export const POST = route({ input: sharePaperSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user }) => ({
  paper: await sharePaper(user.claims, input.paperId),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
