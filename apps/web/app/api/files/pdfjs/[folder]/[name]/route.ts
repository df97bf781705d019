import { readPdfjsAsset } from '@/features/files/server/pdfjs-asset';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

// GET /api/files/pdfjs/:folder/:name – a character map or standard font of pdf.js, for the in-page PDF reader
export const GET = route({}, async ({ params }) => {
  const bytes = await readPdfjsAsset(String(params.folder), String(params.name));
  if (!bytes) throw new AppError('not_found');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/octet-stream',
      // The files change only with the installed pdfjs-dist, that is with a new build.
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
