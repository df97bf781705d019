import { getPaperOrThrow } from '@/features/research/server/get-paper-or-throw';
import { appDatabase } from '@/lib/db/database';
import { route } from '@/lib/route';

// GET /api/scholar/papers/:id – one paper of the local corpus (ids such as `doi:10.1000/x` span segments)
export const GET = route({ rateLimit: [{ name: 'scholar-paper', points: 120, durationSeconds: 60 }] }, async ({ params }) => {
  const id = ([] as string[]).concat(params.id ?? []).join('/');
  return { paper: await getPaperOrThrow((await appDatabase()).db, id) };
});
