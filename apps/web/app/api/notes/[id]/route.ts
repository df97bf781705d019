import { MAX_NOTE_BODY_BYTES } from '@/features/notes/limits';
import { noteIdParam } from '@/features/notes/note-id';
import { notesRead, notesWrite } from '@/features/notes/rate-limits';
import { updateNoteSchema } from '@/features/notes/schema';
import { getNoteOrThrow } from '@/features/notes/server/get-note-or-throw';
import { removeNote } from '@/features/notes/server/remove-note';
import { updateNote } from '@/features/notes/server/update-note';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/notes/:id – one note with its linked papers
export const GET = route({ auth: 'required', rateLimit: [notesRead] }, async ({ user, params }) => ({
  note: await getNoteOrThrow(user.claims, noteIdParam(params)),
}));

// PATCH /api/notes/:id – save a change made on `version` (409 `conflict` when the note was saved since)
export const PATCH = route(
  { input: updateNoteSchema, auth: 'required', rateLimit: [notesWrite], maxBodyBytes: MAX_NOTE_BODY_BYTES },
  async ({ input, user, params }) => ({ note: await updateNote(user.claims, noteIdParam(params), input) }),
);

// DELETE /api/notes/:id – delete a note
export const DELETE = route({ auth: 'required', rateLimit: [notesWrite] }, async ({ user, params }) => {
  await removeNote(user.claims, noteIdParam(params));
  return { removed: true };
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT } = otherMethods({ GET, PATCH, DELETE });
