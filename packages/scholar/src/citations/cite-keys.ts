// BibTeX cite keys a researcher can read and type: first author's family name, year, first significant title
// word — `vaswani2017attention`, `zhang2020shendu` (Chinese in pinyin). Colliding keys get suffixes a, b, …
// assigned in the order of the paper ids, so a paper's key does not depend on where it sits in the list.
import { pinyin } from 'pinyin-pro';
import type { Author, Paper } from '../paper';

const STOPWORDS = new Set('a an the on of for in at to and or with from by towards toward via is are do does what how why when can we'.split(' '));
/** Chinese title openers that say nothing about the topic ("based on", "a kind of", "on"). */
const ZH_STOPWORDS = new Set(['基于', '关于', '一种', '面向', '论', '浅谈', '浅析', '试论', '对', '的', '在', '中', '与', '及']);
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '令狐',
  '端木',
  '西门',
  '南宫',
  '独孤',
  '轩辕',
];

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Letters and digits only, accents dropped, lower case ("Müller" → "muller", "Ø" → "o"). */
export function asciiFold(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

const toPinyin = (text: string, surname = false) =>
  pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed', ...(surname ? { surname: 'head' as const } : {}) }).join('');

function authorPart(author: Author | undefined): string {
  if (!author) return 'anon';
  const name = author.family ?? author.literal ?? author.given ?? '';
  if (HAN.test(name)) {
    // A whole Chinese name ("张三") keeps only its surname, one character unless it is a compound surname.
    const surname = author.family ?? COMPOUND_SURNAMES.find((s) => name.startsWith(s)) ?? name.slice(0, 1);
    return toPinyin(surname, true) || 'anon';
  }
  // Institutions ("World Health Organization") and single names use their first word.
  const word = author.family ? name : name.split(/\s+/)[0]!;
  return asciiFold(word) || 'anon';
}

function titlePart(title: string): string {
  if (HAN.test(title)) {
    for (const { segment, isWordLike } of segmenter.segment(title)) {
      if (!isWordLike || ZH_STOPWORDS.has(segment)) continue;
      const word = HAN.test(segment) ? toPinyin(segment) : asciiFold(segment);
      if (word) return word;
    }
    return '';
  }
  for (const word of title.split(/[\s–—:;,./]+/)) {
    const folded = asciiFold(word);
    if (folded && !STOPWORDS.has(folded)) return folded;
  }
  return '';
}

/** The key a paper gets when nothing collides with it. */
export function baseCiteKey(paper: Pick<Paper, 'authors' | 'issued' | 'title'>): string {
  return `${authorPart(paper.authors[0])}${paper.issued?.year ?? 'nd'}${titlePart(paper.title)}`;
}

/** Cite keys for a list of papers, unique within the list: paper id → key. */
export function citeKeys(papers: Paper[]): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const paper of papers) {
    const base = baseCiteKey(paper);
    const ids = groups.get(base) ?? [];
    if (!ids.includes(paper.id)) ids.push(paper.id);
    groups.set(base, ids);
  }
  const keys = new Map<string, string>();
  const taken = new Set(groups.keys());
  for (const [base, ids] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    ids.sort();
    keys.set(ids[0]!, base);
    let n = 0;
    for (const id of ids.slice(1)) {
      let key: string;
      do key = `${base}${suffix(n++)}`;
      while (taken.has(key));
      taken.add(key);
      keys.set(id, key);
    }
  }
  return keys;
}

/** 0 → a, 25 → z, 26 → aa, … */
function suffix(n: number): string {
  let out = '';
  for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) out = String.fromCharCode(97 + (i % 26)) + out;
  return out;
}
