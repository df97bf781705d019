import 'server-only';
import { exportPapers, getLocalPapers, type ExportedFile, type Paper } from '@citewise/scholar';
import type { Database } from '@citewise/db';
import { AppError } from '@/lib/errors';
import type { ExportRequest } from '../schema';

/** The corpus papers named by id (all must exist) followed by the records sent along, as one file. */
export async function exportSelection(db: Database, input: ExportRequest): Promise<ExportedFile> {
  const ids = [...new Set(input.ids ?? [])];
  const found = await getLocalPapers(db, ids);
  if (found.length !== ids.length) throw new AppError('not_found', { message: 'Some papers are not in the corpus' });
  const seen = new Set(found.map((paper) => paper.id));
  const papers: Paper[] = [...found, ...(input.papers ?? []).filter((paper) => !seen.has(paper.id) && seen.add(paper.id))];
  return exportPapers(papers, input.format, { style: input.style });
}

/** The file as a download response. */
export function fileResponse(file: ExportedFile, baseName: string): Response {
  return new Response(file.content, {
    headers: {
      'content-type': file.mimeType,
      'content-disposition': `attachment; filename="${baseName}.${file.extension}"`,
      'cache-control': 'no-store',
    },
  });
}
