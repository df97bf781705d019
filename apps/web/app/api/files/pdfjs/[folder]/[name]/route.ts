import { readPdfjsAsset } from '@/features/files/server/pdfjs-asset';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';

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
