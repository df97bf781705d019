// RIS → Paper. A record runs from "TY  - " to "ER  - "; lines without a tag continue the previous value. The
// splitter works line by line (files stream through); a record without TY or ER is reported, not guessed.
import type { Paper } from '../paper';
import { paperFromCsl, type CslItem, type CslName } from './csl-item';
import { contentId, derivePaperId } from './paper-id';
import { cslTypeForRis, isIssn, TAG_LINE } from './ris';
import { CSL_TYPES } from './csl-types';

export interface RisRecord {
  line: number;
  entry: number;
  tags: Array<[string, string]>;
  /** Why the record is broken, when the splitter already knows (no TY, no ER). */
  problem?: string;
}

export class RisSplitter {
  private current: RisRecord | null = null;
  private entries = 0;
  private orphan: number | null = null;

  push(line: string, lineNumber: number): RisRecord[] {
    const text = line.replace(/^\uFEFF/, '');
    const tag = TAG_LINE.exec(text.trimEnd());
    const out: RisRecord[] = [];
    if (tag?.[1] === 'TY') {
      if (this.current) out.push({ ...this.current, problem: 'record has no ER line before the next TY' });
      this.current = { line: lineNumber, entry: ++this.entries, tags: [['TY', (tag[2] ?? '').trim()]] };
    } else if (tag?.[1] === 'ER') {
      if (this.current) out.push(this.current);
      else out.push({ line: lineNumber, entry: ++this.entries, tags: [], problem: 'ER line without a TY line' });
      this.current = null;
    } else if (!this.current) {
      if (text.trim() !== '' && this.orphan === null) {
        this.orphan = lineNumber;
        out.push({ line: lineNumber, entry: ++this.entries, tags: [], problem: 'text outside a record (no TY line before it)' });
      }
      return out;
    } else if (tag) this.current.tags.push([tag[1]!, tag[2] ?? '']);
    else {
      const last = this.current.tags.at(-1)!;
      last[1] += `\n${text}`;
    }
    if (tag) this.orphan = null;
    return out;
  }

  end(): RisRecord[] {
    const last = this.current;
    this.current = null;
    return last ? [{ ...last, problem: 'record has no ER line' }] : [];
  }
}

export function paperFromRis(record: RisRecord, defaults: { source?: string } = {}): Paper {
  if (record.problem) throw new Error(record.problem);
  const values = (tag: string) =>
    record.tags
      .filter(([t]) => t === tag)
      .map(([, v]) => v.trim())
      .filter(Boolean);
  const one = (...tags: string[]) => tags.map((t) => values(t)[0]).find((v) => v !== undefined);
  const m3 = one('M3');
  const type = m3 && CSL_TYPES.has(m3) ? m3 : cslTypeForRis(one('TY') ?? '');
  const accession = values('AN');
  const arxivId = accession.map((a) => /^arxiv:\s*(\S+)$/i.exec(a)?.[1]).find(Boolean) ?? null;
  const pmid = accession.map((a) => /^(?:pmid:\s*)?(\d+)$/i.exec(a)?.[1]).find(Boolean);
  const [sp, ep] = [one('SP'), one('EP')];
  const serials = values('SN');
  const item: CslItem = {
    id: one('ID') ?? 'pending',
    type,
    title: one('TI', 'T1', 'CT', 'BT'),
    abstract: one('AB', 'N2'),
    author: ['AU', 'A1'].flatMap(values).map(risName),
    issued: risDate(one('DA'), one('PY', 'Y1')),
    'container-title': one('T2', 'JO', 'JF', 'JA', 'J2') ?? (type === 'chapter' || type === 'paper-conference' ? one('BT') : undefined),
    publisher: one('PB'),
    'publisher-place': one('CY'),
    'event-title': one('C3'),
    volume: one('VL'),
    issue: one('IS'),
    number: one('M1'),
    edition: one('ET'),
    page: sp === undefined ? undefined : ep === undefined ? sp : `${sp}-${ep}`,
    ISBN: serials.find((s) => !isIssn(s)),
    ISSN: serials.find(isIssn),
    DOI: one('DO'),
    URL: one('UR', 'L2'),
    PMID: pmid,
    language: one('LA'),
    custom: {
      arxivId,
      fields:
        one('C1')
          ?.split(';')
          .map((f) => f.trim())
          .filter(Boolean) ?? [],
      keywords: values('KW'),
      source: one('DB') ?? defaults.source ?? 'ris',
    },
  };
  const paper = paperFromCsl(item, defaults);
  if (!one('ID')) paper.id = derivePaperId(paper, contentId('ris', paper));
  return paper;
}

function risName(value: string): CslName {
  const comma = value.indexOf(',');
  if (comma < 0) return { literal: value };
  const family = value.slice(0, comma).trim();
  const given = value.slice(comma + 1).trim();
  return given ? { family, given } : { family };
}

/** DA "2017/06/12/", PY "2017" or "2017///": year, month, day. */
function risDate(da: string | undefined, py: string | undefined): CslItem['issued'] {
  for (const value of [da, py]) {
    const m = /^(\d{4})(?:[/-](\d{1,2})?(?:[/-](\d{1,2})?)?)?/.exec(value ?? '');
    if (m) return { 'date-parts': [m.slice(1).filter(Boolean).map(Number)] };
  }
  return undefined;
}
