import 'server-only';
import { getLocalPapers, type Paper } from '@citewise/scholar';
import type { Database } from '@citewise/db';
import { AppError } from '@/lib/errors';

/** A paper of the local corpus by id; `not_found` when there is none. */
export async function getPaperOrThrow(db: Database, id: string): Promise<Paper> {
  const [paper] = await getLocalPapers(db, [id]);
  if (!paper) throw new AppError('not_found');
  return paper;
}
