import { notesCite } from '@/features/notes/rate-limits';
import { renderCitationsSchema } from '@/features/notes/schema';
import { renderCitations } from '@/features/notes/server/render-citations';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/notes/citations – a note's `[@key]` markers as in-text citations in a style, and their bibliography
export const POST = route({ input: renderCitationsSchema, auth: 'required', rateLimit: [notesCite] }, ({ input, user }) =>
  renderCitations(user.claims, input.markers, input.style),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
