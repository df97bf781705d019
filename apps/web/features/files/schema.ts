import { z } from 'zod';

/** PDFs offered by the picker at once. */
export const PDF_PICKER_LIMIT = 50;

/** GET /api/files/pdfs: the user's PDFs, optionally those whose name or folder contains `q`. */
export const listPdfsSchema = z.object({ q: z.string().max(200, 'too_long').default('') });
