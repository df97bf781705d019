import 'server-only';
import { queryRows, type Database } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { segmentForIndex, type FederatedHit } from '@citewise/scholar';
import { distinctWords } from '../highlight-words';

/** More distinct words than a page of titles and abstracts has; past it, the rest go unmarked. */
const MAX_WORDS = 6000;

/**
 * The words of the results' titles and abstracts that the query matched, by the analyser the local index uses
 * (PostgreSQL's English configuration over segmented Chinese): a word counts when one of its lexemes is one of the
 * query's. So stems match ('models' for 'model'), stop-words never do (they have no lexeme), and a term never
 * matches inside another word ('for' in 'transformer'), because whole words are compared.
 */
export async function matchedWords(db: Database, query: string, hits: readonly FederatedHit[]): Promise<string[]> {
  const texts = hits.flatMap(({ paper }) => [paper.title, paper.abstract ?? '']);
  const words = distinctWords(texts).slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const rows = await queryRows<{ word: string }>(
    db,
    sql`
    with q as (select tsvector_to_array(to_tsvector('english', ${segmentForIndex(query)})) as lexemes)
    select w.word
    from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w (word), q
    where tsvector_to_array(to_tsvector('english', w.word)) && q.lexemes`,
  );
  return rows.map((row) => row.word);
}
