import { MAX_NOTE_BODY_BYTES } from '@/features/notes/limits';
import { notesRead, notesWrite } from '@/features/notes/rate-limits';
import { createNoteSchema, listNotesSchema } from '@/features/notes/schema';
import { createNote } from '@/features/notes/server/create-note';
import { listNotes } from '@/features/notes/server/list-notes';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/notes?q=&tag=&paper= – the user's notes (a full-text search with q), and their tags
export const GET = route({ input: listNotesSchema, auth: 'required', rateLimit: [notesRead] }, ({ input, user }) => listNotes(user.claims, input));

// POST /api/notes – a new note
export const POST = route(
  { input: createNoteSchema, auth: 'required', rateLimit: [notesWrite], maxBodyBytes: MAX_NOTE_BODY_BYTES },
  async ({ input, user }) => ({ note: await createNote(user.claims, input) }),
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
