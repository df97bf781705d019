// The file formats `corpus:import` reads, and how a file's format is recognised: its extension first, then a
// look at its first bytes (JSON Lines files of different schemas are told apart by their first record).

export const CORPUS_FORMATS = ['jsonl', 'arxiv', 'openalex', 'bibtex', 'ris', 'csl-json'] as const;
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];

export const FORMAT_NAMES: Record<CorpusFormat, string> = {
  jsonl: 'Citewise JSON Lines',
  arxiv: 'arXiv metadata snapshot',
  openalex: 'OpenAlex works',
  bibtex: 'BibTeX',
  ris: 'RIS',
  'csl-json': 'CSL-JSON',
};

export function isCorpusFormat(value: string): value is CorpusFormat {
  return (CORPUS_FORMATS as readonly string[]).includes(value);
}

/**
 * The format of a file, from its name (without `.gz`) and the start of its (decompressed) content; throws when
 * neither tells.
 */
export function detectFormat(fileName: string, head: string): CorpusFormat {
  const name = fileName.toLowerCase().replace(/\.gz$/, '');
  if (/\.(bib|bibtex)$/.test(name)) return 'bibtex';
  if (/\.ris$/.test(name)) return 'ris';
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'csl-json';
  if (/^(@\s*[A-Za-z]+\s*[{(]|%)/.test(text)) return 'bibtex';
  if (/^TY {2}- /.test(text)) return 'ris';
  if (text.startsWith('{')) return jsonLinesKind(text.split('\n', 1)[0]!, name);
  throw new Error(`cannot tell the format of ${fileName}: use --format (${CORPUS_FORMATS.join(', ')})`);
}

function jsonLinesKind(firstLine: string, name: string): CorpusFormat {
  let first: Record<string, unknown>;
  try {
    first = JSON.parse(firstLine) as Record<string, unknown>;
  } catch {
    // A pretty-printed object spanning lines is CSL-JSON (or broken): only CSL-JSON is read that way.
    if (name.endsWith('.json')) return 'csl-json';
    throw new Error(`the first line of ${name} is not a JSON object: use --format`);
  }
  if ('authors_parsed' in first || 'submitter' in first || ('versions' in first && 'update_date' in first)) return 'arxiv';
  if ('abstract_inverted_index' in first || 'authorships' in first || /openalex\.org\/W\d+$/.test(String(first.id ?? ''))) return 'openalex';
  if ('type' in first && ('author' in first || 'issued' in first || 'container-title' in first)) return 'csl-json';
  return 'jsonl';
}
