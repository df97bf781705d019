import { notesRead } from '@/features/notes/rate-limits';
import { listCitablePapers } from '@/features/notes/server/list-citable-papers';
import { route } from '@/lib/route';

// GET /api/notes/library – the user's saved papers with their cite keys, for the citation picker
export const GET = route({ auth: 'required', rateLimit: [notesRead] }, ({ user }) => listCitablePapers(user.claims));
