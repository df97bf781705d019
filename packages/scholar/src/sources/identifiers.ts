// The three public identifiers sources can look a paper up by, in one normalised spelling each, so that the
// same work found by two sources compares equal: DOIs lower-cased without resolver prefixes, arXiv ids without
// version or prefix (old-style ids keep their archive, e.g. `hep-th/9901001`), PMIDs as bare digits.

export type IdentifierKind = 'doi' | 'arxiv' | 'pmid';

export interface Identifier {
  kind: IdentifierKind;
  /** Normalised (see `normaliseDoi`, `normaliseArxivId`, `normalisePmid`). */
  value: string;
}

const DOI_PREFIX = /^(?:https?:\/\/)?(?:dx\.)?(?:www\.)?doi\.org\/|^doi:\s*/i;
const DOI_SHAPE = /^10\.\d{4,9}\/\S+$/;
/** arXiv's DataCite DOIs (10.48550/arXiv.<id>) name an arXiv preprint, not a journal version. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
const NEW_ARXIV = /^(\d{4}\.\d{4,5})(?:v\d+)?$/;
const OLD_ARXIV = /^([a-z][a-z-]*)(?:\.[a-z]{2})?\/(\d{7})(?:v\d+)?$/i;
const ARXIV_PREFIX = /^(?:(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/|arxiv:\s*)/i;

/** `https://doi.org/10.1000/ABC` → `10.1000/abc`; null when the text is not a DOI. */
export function normaliseDoi(text: string | null | undefined): string | null {
  if (!text) return null;
  let value = text.trim().replace(DOI_PREFIX, '');
  try {
    if (/%[0-9a-f]{2}/i.test(value)) value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: keep the text as it is.
  }
  value = value.replace(/[.,;:]+$/, '').toLowerCase();
  return DOI_SHAPE.test(value) ? value : null;
}

/** `arXiv:2104.12255v1`, `https://arxiv.org/abs/math.GT/0309136v2` → `2104.12255`, `math/0309136`. */
export function normaliseArxivId(text: string | null | undefined): string | null {
  if (!text) return null;
  let value = text
    .trim()
    .replace(ARXIV_PREFIX, '')
    .replace(/\.pdf$/i, '');
  const fromDoi = ARXIV_DOI.exec(value);
  if (fromDoi) value = fromDoi[1]!;
  const modern = NEW_ARXIV.exec(value);
  if (modern) return modern[1]!;
  const old = OLD_ARXIV.exec(value);
  return old ? `${old[1]!.toLowerCase()}/${old[2]}` : null;
}

/** `PMID: 0012345` → `12345`. */
export function normalisePmid(text: string | number | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const match = /^(?:pmid:?\s*)?0*(\d{1,9})$/i.exec(String(text).trim());
  return match && match[1] !== '0' ? match[1]! : null;
}

/** The arXiv id a DOI stands for, when it is one of arXiv's own DataCite DOIs. */
export function arxivIdFromDoi(doi: string | null): string | null {
  const match = doi ? ARXIV_DOI.exec(doi) : null;
  return match ? normaliseArxivId(match[1]) : null;
}

/** Reads one identifier typed by a person or a program; the kind is guessed from its shape. */
export function parseIdentifier(text: string): Identifier | null {
  const trimmed = text.trim();
  if (/^pmid:/i.test(trimmed)) {
    const pmid = normalisePmid(trimmed);
    return pmid ? { kind: 'pmid', value: pmid } : null;
  }
  const arxivFromDataCite = /10\.48550\//.test(trimmed) ? arxivIdFromDoi(normaliseDoi(trimmed)) : null;
  if (arxivFromDataCite) return { kind: 'arxiv', value: arxivFromDataCite };
  const doi = normaliseDoi(trimmed);
  if (doi) return { kind: 'doi', value: doi };
  const arxiv = normaliseArxivId(trimmed);
  if (arxiv) return { kind: 'arxiv', value: arxiv };
  const pmid = /^\d{1,9}$/.test(trimmed) ? normalisePmid(trimmed) : null;
  return pmid ? { kind: 'pmid', value: pmid } : null;
}

/** Every identifier written somewhere in a free-text reference (a formatted citation, a URL, a note). */
export function identifiersInText(text: string): Identifier[] {
  const found: Identifier[] = [];
  const doiMatch = /(?:doi\.org\/|doi:\s*)?(10\.\d{4,9}\/[^\s"'<>]+)/i.exec(text);
  const doi = doiMatch ? normaliseDoi(doiMatch[1]!.replace(/[).,;\]]+$/, '')) : null;
  const arxivOfDoi = arxivIdFromDoi(doi);
  if (doi && !arxivOfDoi) found.push({ kind: 'doi', value: doi });
  const arxivMatch = /arxiv(?:\.org\/(?:abs|pdf)\/|:\s*|\s+preprint\s+(?:arxiv:)?\s*)([a-z][a-z-]*(?:\.[a-z]{2})?\/\d{7}|\d{4}\.\d{4,5})(v\d+)?/i.exec(text);
  const arxiv = arxivOfDoi ?? (arxivMatch ? normaliseArxivId(arxivMatch[1]) : null);
  if (arxiv) found.push({ kind: 'arxiv', value: arxiv });
  const pmidMatch = /\bPMID:?\s*(\d{1,9})\b/i.exec(text) ?? /pubmed\.ncbi\.nlm\.nih\.gov\/(\d{1,9})/i.exec(text);
  const pmid = pmidMatch ? normalisePmid(pmidMatch[1]) : null;
  if (pmid) found.push({ kind: 'pmid', value: pmid });
  return found;
}
