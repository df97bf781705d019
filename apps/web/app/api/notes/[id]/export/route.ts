import { noteIdParam } from '@/features/notes/note-id';
import { notesCite } from '@/features/notes/rate-limits';
import { exportNoteSchema } from '@/features/notes/schema';
import { exportNote } from '@/features/notes/server/export-note';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// POST /api/notes/:id/export – the note as Markdown, citations formatted in `style`, with its bibliography
export const POST = route({ input: exportNoteSchema, auth: 'required', rateLimit: [notesCite] }, async ({ input, user, params, locale }) => {
  const file = await exportNote(user.claims, noteIdParam(params), input.style, locale);
  return new Response(file.text, {
    headers: {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
