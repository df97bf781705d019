import { exportRequestSchema } from '@/features/research/schema';
import { exportSelection, fileResponse } from '@/features/research/server/export-papers';
import { appDatabase } from '@/lib/db/database';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/scholar/export – papers (corpus ids or records) as BibTeX, RIS, CSL-JSON or a formatted bibliography
export const POST = route({ input: exportRequestSchema, rateLimit: [{ name: 'scholar-export', points: 30, durationSeconds: 60 }] }, async ({ input }) =>
  fileResponse(await exportSelection((await appDatabase()).db, input), 'citewise-references'),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
