import { listLibrarySchema, savePaperSchema } from '@/features/library/schema';
import { perUser } from '@/lib/user-rate-limit';
import { listLibrary } from '@/features/library/server/list-library';
import { savePaper } from '@/features/library/server/save-paper';
import { scholarSources } from '@/features/research/server/scholar-sources';
import type { Paper } from '@citewise/scholar';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/library/papers?collection=&tag=&q=&sort=&paperId= – the user's saved papers (searched, sorted), collections and tags
export const GET = route({ input: listLibrarySchema, auth: 'required', rateLimit: [perUser('library-read', 240)] }, ({ input, user }) =>
  listLibrary(user.claims, input),
);

// POST /api/library/papers – save a paper (its whole record), checked against the sources on the way in
export const POST = route({ input: savePaperSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user, request }) => ({
  entry: await savePaper(user.claims, await scholarSources(), input.paper as Paper, request.signal),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
