import { notesRead } from '@/features/notes/rate-limits';
import { listCitablePapers } from '@/features/notes/server/list-citable-papers';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/notes/library – the user's saved papers with their cite keys, for the citation picker
export const GET = route({ auth: 'required', rateLimit: [notesRead] }, ({ user }) => listCitablePapers(user.claims));

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
