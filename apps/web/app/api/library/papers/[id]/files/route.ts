import { libraryEntryId } from '@/features/library/entry-id';
import { perUser } from '@/lib/user-rate-limit';
import { attachPaperFileSchema } from '@/features/library/schema';
import { attachPaperFile } from '@/features/library/server/attach-paper-file';
import { listPaperFiles } from '@/features/library/server/list-paper-files';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/library/papers/:id/files – the PDFs attached to a saved paper, under their current names in My files
export const GET = route({ auth: 'required', rateLimit: [perUser('library-read', 240)] }, async ({ user, params }) => ({
  files: await listPaperFiles(user.claims, libraryEntryId(params)),
}));

// POST /api/library/papers/:id/files – attach a PDF of My files (by object key) to a saved paper
export const POST = route({ input: attachPaperFileSchema, auth: 'required', rateLimit: [perUser('library-write', 120)] }, async ({ input, user, params }) => ({
  file: await attachPaperFile(user.claims, libraryEntryId(params), input.key),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
