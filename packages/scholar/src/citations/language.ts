// The language a reference is written in, which decides how GB/T 7714 renders it (等 or et al.) and how names
// are written. The record's own `language` wins; without it the title's script decides.
import type { Author, Paper } from '../paper';

const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN_WORD = /\p{Script=Latin}+/gu;

/** Primary language subtag of a record: `zh`, `en`, `ja`, … (lower case). */
export function detectLanguage(paper: Pick<Paper, 'language' | 'title'>): string {
  const declared = paper.language?.trim().toLowerCase().split(/[-_]/)[0];
  if (declared) return declared;
  return languageOfText(paper.title);
}

/**
 * Chinese when Han characters are at least as many as Latin words ("基于BERT的中文命名实体识别" is Chinese,
 * "Learning 中文 embeddings for retrieval" is English); kana makes it Japanese. Everything else counts as English.
 */
export function languageOfText(text: string): string {
  const han = text.match(HAN)?.length ?? 0;
  if (han === 0) return 'en';
  if (KANA.test(text)) return 'ja';
  const latinWords = text.match(LATIN_WORD)?.length ?? 0;
  return han >= latinWords ? 'zh' : 'en';
}

export const isChinese = (paper: Pick<Paper, 'language' | 'title'>) => detectLanguage(paper) === 'zh';

/** A name written in Han characters (Chinese, or Japanese kanji): family and given name join without a space. */
export function isHanName(author: Author): boolean {
  const text = author.literal ?? `${author.family ?? ''}${author.given ?? ''}`;
  return /\p{Script=Han}/u.test(text) && !/\p{Script=Latin}/u.test(text);
}

/** "张" + "三" → "张三"; other names unchanged. */
export function hanNameAsLiteral(author: Author): Author {
  if (author.literal || !isHanName(author)) return author;
  return { literal: `${author.family ?? ''}${author.given ?? ''}` };
}
