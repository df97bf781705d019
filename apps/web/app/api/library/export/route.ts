import { exportLibrarySchema } from '@/features/library/schema';
import { perUser } from '@/lib/user-rate-limit';
import { exportLibrary } from '@/features/library/server/export-library';
import { fileResponse } from '@/features/research/server/export-papers';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/library/export – saved papers (chosen ones, or all) as BibTeX, RIS, CSL-JSON or formatted text
export const POST = route({ input: exportLibrarySchema, auth: 'required', rateLimit: [perUser('library-export', 30)] }, async ({ input, user }) =>
  fileResponse(await exportLibrary(user.claims, input), 'citewise-library'),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
