import 'server-only';
import { segmentForIndex } from '@citewise/scholar';
import { sql, type SQL } from '@citewise/db/orm';

// Full-text search of notes with PostgreSQL's own text search (PGlite and PostgreSQL alike). Its parser keeps a
// run of Han characters as one token, so Chinese is cut into words first by the same segmenter the literature
// index uses (packages/scholar segmentForIndex), on write and on query alike.

/**
 * ICU's dictionary segmenter slows down more than linearly on one long unbroken run of Han characters (a 60,000
 * character run takes seconds), so long text is segmented in pieces cut at punctuation or spaces where there are
 * some; a word cut at a forced boundary is the only loss.
 */
const PIECE = 2000;
const BREAK = /[\s，。！？；：、,.!?;:]/u;

export function segmentLongText(text: string): string {
  if (text.length <= PIECE) return segmentForIndex(text);
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > PIECE) {
    let cut = PIECE;
    for (let i = PIECE; i > PIECE / 2; i--) {
      if (BREAK.test(rest[i - 1]!)) {
        cut = i;
        break;
      }
    }
    // Never between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(rest[cut - 1]!)) cut -= 1;
    pieces.push(segmentForIndex(rest.slice(0, cut)));
    rest = rest.slice(cut);
  }
  pieces.push(segmentForIndex(rest));
  return pieces.join(' ');
}

/** The index of a note: title (weight A), tags (B) and body (C), English-stemmed. */
export function noteSearchVector(note: { title: string; body: string; tags: string[] }): SQL {
  return sql`setweight(to_tsvector('english', ${segmentForIndex(note.title)}), 'A')
    || setweight(to_tsvector('english', ${segmentForIndex(note.tags.join(' '))}), 'B')
    || setweight(to_tsvector('english', ${segmentLongText(note.body)}), 'C')`;
}

/**
 * The query as a tsquery of all its words, each also matching as a prefix (search as you type: "transf" finds
 * "transformer"). The words are stemmed by the English configuration, then joined under 'simple' so they are
 * not stemmed twice. A query of stop words only gives null, which matches nothing.
 */
export function noteSearchQuery(query: string): SQL {
  return sql`(select to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & '))
    from unnest(tsvector_to_array(to_tsvector('english', ${segmentForIndex(query)}))) as lexeme)`;
}
