// The checker's trust classes, in English and Chinese: exact controls (the record's own reference, also written
// with another case, punctuation, accents or character width, which must still be verified), spelling slips
// (two letters swapped, one dropped or doubled, in the title or the first author's name; two Han characters
// swapped or one dropped), and invented fields on incomplete records (authors, journal, year, volume and pages
// written onto a record that has none of them, which nothing can confirm). Deterministic for a seed.
import { formatReference } from '../citations/format';
import type { CitationStyleId } from '../citations/styles';
import type { Paper } from '../paper';
import { seededRandom } from './seeded-random';

export const TRUST_CLASSES = ['exact', 'slip', 'invented_fields'] as const;
export type TrustClass = (typeof TRUST_CLASSES)[number];
export type TrustLanguage = 'en' | 'zh';

export interface TrustReference {
  kind: TrustClass;
  language: TrustLanguage;
  /** How the reference was made: `case`, `transpose`, `drop`, … */
  variant: string;
  style: CitationStyleId;
  paperId: string;
  text: string;
  /** For slips: the field that slipped and the record's value, which the check must show. */
  slipped?: { field: 'title' | 'authors'; record: string };
  /** For invented fields: what was written that the record does not hold. */
  invented?: Array<'authors' | 'year' | 'container' | 'volume' | 'issue' | 'pages'>;
}

export interface TrustSet {
  references: TrustReference[];
  /**
   * The incomplete records the English `invented_fields` references point at: the corpus papers with their
   * authors, year and venue removed, to be stored in place of the complete ones before checking.
   */
  incompleteRecords: Paper[];
}

const EN_STYLES: CitationStyleId[] = ['apa', 'vancouver', 'ieee', 'mla', 'nature', 'gb-t-7714-2015-numeric'];
const ZH_STYLE: CitationStyleId = 'gb-t-7714-2015-numeric';
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾'];
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国红梅志文斌宇'];
// The corpus's English papers are preprints: invented venues are real journals, none of them the paper's.
const EN_JOURNALS = [
  'Pattern Recognition',
  'Neural Computation',
  'Physical Review D',
  'Astronomy & Astrophysics',
  'IEEE Transactions on Image Processing',
  'Journal of Machine Learning Research',
];
const ZH_JOURNALS = ['水利学报', '计算机学报', '中国公路学报', '电子学报', '管理世界', '中国科学：技术科学', '土木工程学报', '农业工程学报'];

const render = (paper: Paper, style: CitationStyleId) => formatReference({ ...paper, doi: null, arxivId: null, pmid: null, url: null }, { style });

/** Full-width forms of ASCII punctuation and the Chinese punctuation a GB/T list uses. */
const WIDE: Record<string, string> = { ',': '，', ':': '：', ';': '；', '(': '（', ')': '）', '?': '？', '!': '！' };
const toWide = (text: string) => [...text].map((ch) => WIDE[ch] ?? (/[A-Za-z0-9]/.test(ch) ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch)).join('');
const toNarrow = (text: string) => text.normalize('NFKC');
const stripAccents = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

/** One slip in a word: two neighbouring letters swapped, one dropped or one doubled (never a no-op). */
function slipWord(word: string, variant: 'transpose' | 'drop' | 'double', at: number): string {
  if (variant === 'drop') return word.slice(0, at) + word.slice(at + 1);
  if (variant === 'double') return word.slice(0, at + 1) + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

export function trustReferences(english: Paper[], chinese: Paper[], incomplete: Paper[], options: { seed?: number } = {}): TrustSet {
  const next = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const out: TrustReference[] = [];
  const families = [...new Set(english.flatMap((p) => p.authors.map((a) => a.family).filter((f): f is string => !!f && /^\p{Lu}\p{Ll}{3,}$/u.test(f))))];

  for (const paper of english.filter((p) => p.authors.length && p.issued && p.title.split(/\s+/).length >= 4)) {
    const style = pick(EN_STYLES);
    const add = (kind: TrustClass, variant: string, changed: Paper, extra: Partial<TrustReference> = {}) =>
      out.push({ kind, language: 'en', variant, style, paperId: paper.id, text: render(changed, style), ...extra });

    const exact = pick(['as-is', 'case', 'punctuation', 'accents', 'width'] as const);
    if (exact === 'case') add('exact', exact, { ...paper, title: paper.title.toLowerCase() });
    else if (exact === 'punctuation') add('exact', exact, { ...paper, title: paper.title.replace(/:\s*/g, ' - ').replace(/(\p{L})-(\p{L})/gu, '$1 $2') });
    else if (exact === 'accents')
      add('exact', exact, {
        ...paper,
        title: stripAccents(paper.title),
        authors: paper.authors.map((a) => ({ ...a, family: a.family && stripAccents(a.family), given: a.given && stripAccents(a.given) })),
      });
    else if (exact === 'width') add('exact', exact, { ...paper, title: paper.title.replace(/[:,;?!()]/g, (ch) => WIDE[ch]!) });
    else add('exact', exact, paper);

    const variant = pick(['transpose', 'drop', 'double', 'author'] as const);
    if (variant === 'author') {
      const first = paper.authors[0]!;
      const family = first.family ?? '';
      // Two letters of the first author's family name swapped (the first author is shown in every style).
      const spots = [...family]
        .map((_, i) => i)
        .filter((i) => i >= 1 && i + 2 < family.length && family[i] !== family[i + 1] && /\p{Ll}/u.test(family[i]!) && /\p{Ll}/u.test(family[i + 1]!));
      if (spots.length) {
        const slipped = slipWord(family, 'transpose', pick(spots));
        add(
          'slip',
          variant,
          { ...paper, authors: [{ ...first, family: slipped, literal: undefined }, ...paper.authors.slice(1)] },
          { slipped: { field: 'authors', record: family } },
        );
      }
    } else {
      const words = paper.title.split(/\s+/);
      const candidates = words.map((w, i) => ({ w, i })).filter(({ w }) => /^[A-Za-z]{5,}$/.test(w));
      if (candidates.length) {
        const { w, i } = pick(candidates);
        const spots = [...w].map((_, j) => j).filter((j) => j >= 1 && j + 2 < w.length && (variant !== 'transpose' || w[j] !== w[j + 1]));
        if (spots.length)
          add(
            'slip',
            variant,
            { ...paper, title: words.map((x, j) => (j === i ? slipWord(w, variant, pick(spots)) : x)).join(' ') },
            { slipped: { field: 'title', record: paper.title } },
          );
      }
    }
  }

  for (const paper of chinese.filter((p) => [...p.title].length >= 8)) {
    const add = (kind: TrustClass, variant: string, changed: Paper, extra: Partial<TrustReference> = {}) =>
      out.push({ kind, language: 'zh', variant, style: ZH_STYLE, paperId: paper.id, text: render(changed, ZH_STYLE), ...extra });
    const exact = pick(['as-is', 'width'] as const);
    // A title's ASCII punctuation, letters and digits written full-width, or its full-width ones written narrow.
    const widened = /[,:;()?!A-Za-z0-9]/.test(paper.title) ? toWide(paper.title) : toNarrow(paper.title);
    if (exact === 'width' && widened !== paper.title) add('exact', exact, { ...paper, title: widened });
    else add('exact', 'as-is', paper);

    const chars = [...paper.title];
    const han = (i: number) => /\p{Script=Han}/u.test(chars[i] ?? '');
    const variant = pick(['transpose', 'drop'] as const);
    const spots = chars.map((_, i) => i).filter((i) => i >= 1 && i + 2 < chars.length && han(i) && han(i + 1) && chars[i] !== chars[i + 1]);
    if (spots.length) {
      const at = pick(spots);
      const title =
        variant === 'drop'
          ? [...chars.slice(0, at), ...chars.slice(at + 1)].join('')
          : [...chars.slice(0, at), chars[at + 1], chars[at], ...chars.slice(at + 2)].join('');
      add('slip', variant, { ...paper, title }, { slipped: { field: 'title', record: paper.title } });
    }

    // Invented authors, journal, year, volume, issue and pages on a record that has none of them.
    if (paper.authors.length === 0 && !paper.issued && !paper.container) {
      const name = () => pick(SURNAMES) + pick(GIVEN) + (next() < 0.6 ? pick(GIVEN) : '');
      const first = 10 + Math.floor(next() * 150);
      add(
        'invented_fields',
        'all',
        {
          ...paper,
          authors: Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ literal: name() })),
          container: pick(ZH_JOURNALS),
          issued: { year: 2005 + Math.floor(next() * 18) },
          details: {
            volume: String(10 + Math.floor(next() * 40)),
            issue: String(1 + Math.floor(next() * 12)),
            page: `${first}-${first + 4 + Math.floor(next() * 10)}`,
          },
        },
        { invented: ['authors', 'container', 'year', 'volume', 'issue', 'pages'] },
      );
    }
  }

  // English records that lack authors, year and venue (as many imported records do), each cited with invented ones.
  const incompleteRecords: Paper[] = [];
  for (const paper of incomplete.filter((p) => p.title.split(/\s+/).length >= 4)) {
    const bare: Paper = { ...paper, authors: [], issued: null, container: null, details: undefined };
    incompleteRecords.push(bare);
    const style = pick(EN_STYLES);
    const first = 100 + Math.floor(next() * 900);
    // A journal article, so that every style prints the journal, volume and pages (a preprint's would not).
    const invented: Paper = {
      ...bare,
      type: 'article-journal',
      authors: [
        { family: pick(families), given: 'A.' },
        { family: pick(families), given: 'B.' },
      ],
      issued: { year: 2000 + Math.floor(next() * 25) },
      container: pick(EN_JOURNALS),
      details: { volume: String(1 + Math.floor(next() * 60)), page: `${first}-${first + 8 + Math.floor(next() * 20)}` },
    };
    out.push({
      kind: 'invented_fields',
      language: 'en',
      variant: 'all',
      style,
      paperId: paper.id,
      text: render(invented, style),
      invented: ['authors', 'year', 'container', 'volume', 'pages'],
    });
  }
  return { references: out, incompleteRecords };
}
