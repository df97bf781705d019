import 'server-only';
import type { DatabaseHandle } from '@citewise/db';
import { queryRows } from '@citewise/db';
import { asc, eq, inArray, sql } from '@citewise/db/orm';
import type { ChosenPaper, LibraryPapers } from '@citewise/platform-ai';
import { FILES_BUCKET, decodeName } from '@/lib/files/file-keys';
import { libraryCollectionPapers, libraryCollections, libraryPaperFiles, libraryPapers as papersTable } from '@/lib/db/schema';
import { runAsUser, type UserDb } from '@/lib/db/with-user-db';
import { MAX_LIBRARY_PAPERS } from '../schema';
import { userIdOfDifyUser } from './dify-user';

/** Reads a stored object's bytes by its version (the storage service's blob store). */
export type ReadStoredBytes = (version: string) => Promise<Uint8Array>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Chat with a paper" over the library: the chosen papers of the end user the runtime was asked for, with the PDFs
 * attached to them, read as that user under Row Level Security. An id of another person's paper finds nothing (the
 * runtime then refuses the message), and so does another person's collection. Only the proxy sets the end user, from
 * the verified session.
 */
export function libraryPapers(handle: Pick<DatabaseHandle, 'db'>, readBytes: ReadStoredBytes): LibraryPapers {
  return async (endUser, choice) => {
    const userId = userIdOfDifyUser(endUser);
    const byCollection = 'collectionId' in choice;
    if (!userId || (byCollection ? !UUID.test(choice.collectionId) : choice.paperIds.some((id) => !UUID.test(id)))) return byCollection ? null : [];
    return runAsUser(handle, { sub: userId, role: 'authenticated' }, async (db) => {
      let ids: string[];
      if (byCollection) {
        const [collection] = await db.select({ id: libraryCollections.id }).from(libraryCollections).where(eq(libraryCollections.id, choice.collectionId));
        if (!collection) return null;
        // One more than the runtime takes, so that it can say the collection is too large.
        const links = await db
          .select({ id: libraryCollectionPapers.libraryPaperId })
          .from(libraryCollectionPapers)
          .innerJoin(papersTable, eq(papersTable.id, libraryCollectionPapers.libraryPaperId))
          .where(eq(libraryCollectionPapers.collectionId, collection.id))
          .orderBy(asc(papersTable.createdAt))
          .limit(MAX_LIBRARY_PAPERS + 1);
        ids = links.map((link) => link.id);
      } else ids = choice.paperIds.slice(0, MAX_LIBRARY_PAPERS + 1);
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: papersTable.id, paper: papersTable.paper, note: papersTable.note, tags: papersTable.tags })
        .from(papersTable)
        .where(inArray(papersTable.id, ids));
      const files = await paperPdfs(db, userId, ids, readBytes);
      return ids.flatMap((id): ChosenPaper[] => {
        const row = rows.find((r) => r.id === id);
        return row ? [{ entryId: row.id, paper: row.paper, note: row.note || undefined, tags: row.tags, files: files.get(id) ?? [] }] : [];
      });
    });
  };
}

type PdfRow = { id: string; name: string; version: string };

/** The PDFs attached to these papers (oldest link first), as objects of the user's own `files` folder. */
async function paperPdfs(db: UserDb, userId: string, paperIds: string[], readBytes: ReadStoredBytes): Promise<Map<string, ChosenPaper['files']>> {
  const links = await db
    .select({ paperId: libraryPaperFiles.libraryPaperId, objectId: libraryPaperFiles.objectId })
    .from(libraryPaperFiles)
    .where(inArray(libraryPaperFiles.libraryPaperId, paperIds))
    .orderBy(libraryPaperFiles.createdAt, libraryPaperFiles.objectId);
  const byPaper = new Map<string, ChosenPaper['files']>();
  if (links.length === 0) return byPaper;
  const objects = await queryRows<PdfRow>(
    db,
    sql`select id, name, version::text as version from storage.objects
        where bucket_id = ${FILES_BUCKET} and split_part(name, '/', 1) = ${userId} and metadata->>'mimetype' = 'application/pdf'
          and id in (${sql.join(
            links.map((link) => sql`${link.objectId}::uuid`),
            sql`, `,
          )})`,
  );
  for (const link of links) {
    const object = objects.find((o) => o.id === link.objectId);
    if (!object) continue;
    const file = { name: decodeName(object.name.split('/').at(-1) ?? ''), version: object.version, bytes: () => readBytes(object.version) };
    byPaper.set(link.paperId, [...(byPaper.get(link.paperId) ?? []), file]);
  }
  return byPaper;
}
