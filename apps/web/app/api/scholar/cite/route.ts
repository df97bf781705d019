import { citeRequestSchema } from '@/features/research/schema';
import { citePaper } from '@/features/research/server/cite-paper';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/scholar/cite – one paper's reference and in-text citation in a citation style
export const POST = route({ input: citeRequestSchema, rateLimit: [{ name: 'scholar-cite', points: 120, durationSeconds: 60 }] }, ({ input }) =>
  citePaper(input),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
