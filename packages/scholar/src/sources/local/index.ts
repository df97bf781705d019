// The local corpus as a source: BM25 search over PostgreSQL (searchLocal), lookups by identifier and title.
// Always available: it needs no network. Database calls cannot be interrupted, so a cancelled search stops
// waiting between them.
import type { Database } from '@citewise/db';
import { getLocalPapers } from '../../local/get-papers';
import { findLocalByIdentifier, findLocalByTitle } from '../../local/lookup';
import { searchLocal } from '../../local/search';
import type { Source } from '../source';

function check(signal: AbortSignal) {
  if (signal.aborted) throw signal.reason;
}

export function createLocalSource(db: Database): Source {
  return {
    id: 'local',
    name: 'Local corpus',
    lookupKinds: ['doi', 'arxiv', 'pmid'],
    async search(q, signal) {
      check(signal);
      const { hits, total } = await searchLocal(db, {
        query: q.query,
        limit: q.limit,
        offset: q.offset,
        yearFrom: q.yearFrom,
        yearTo: q.yearTo,
        fields: q.fields,
        hasAbstract: q.hasAbstract,
        sort: q.sort,
        language: q.language,
        translation: q.translation,
      });
      check(signal);
      const found = await getLocalPapers(
        db,
        hits.map((h) => h.id),
      );
      const score = new Map(hits.map((h) => [h.id, h.score]));
      return { hits: found.map((paper) => ({ paper, score: score.get(paper.id) ?? null })), total };
    },
    async lookup(id, signal) {
      check(signal);
      return findLocalByIdentifier(db, id);
    },
    async findByTitle(q, signal) {
      check(signal);
      return findLocalByTitle(db, q.title, { limit: q.limit });
    },
  };
}
