import { z } from 'zod';
import { getPaperOrThrow } from '@/features/research/server/get-paper-or-throw';
import { appDatabase } from '@/lib/db/database';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

const paperId = z.string().min(1).max(300);

// GET /api/scholar/papers/:id – one paper of the local corpus (ids such as `doi:10.1000/x` span segments)
export const GET = route({ rateLimit: [{ name: 'scholar-paper', points: 120, durationSeconds: 60 }] }, async ({ params }) => {
  const id = paperId.safeParse(([] as string[]).concat(params.id ?? []).join('/'));
  // An id no paper can have names nothing.
  if (!id.success) throw new AppError('not_found');
  return { paper: await getPaperOrThrow((await appDatabase()).db, id.data) };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
