import { perUser } from '@/lib/user-rate-limit';
import { listPdfsSchema } from '@/features/files/schema';
import { listPdfs } from '@/features/files/server/list-pdfs';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/files/pdfs?q= – the user's PDFs in My files (newest first, 50 at most), for attaching one to a paper
export const GET = route({ input: listPdfsSchema, auth: 'required', rateLimit: [perUser('files-pdfs', 120)] }, async ({ input, user }) => ({
  files: await listPdfs(user, input.q),
}));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
