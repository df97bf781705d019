// One entry point for every export format: BibTeX, RIS, CSL-JSON, and a formatted bibliography (text or HTML).
import type { Paper } from '../paper';
import { toBibtex } from './bibtex-export';
import { toCslJson } from './csl-json';
import { formatBibliography } from './format';
import { toRis } from './ris-export';
import type { CitationStyleId } from './styles';

export const EXPORT_FORMATS = ['bibtex', 'ris', 'csl-json', 'text', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportedFile {
  content: string;
  mimeType: string;
  /** File name extension, without the dot. */
  extension: string;
}

const FILES: Record<ExportFormat, Omit<ExportedFile, 'content'>> = {
  bibtex: { mimeType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { mimeType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  'csl-json': { mimeType: 'application/vnd.citationstyles.csl+json; charset=utf-8', extension: 'json' },
  text: { mimeType: 'text/plain; charset=utf-8', extension: 'txt' },
  html: { mimeType: 'text/html; charset=utf-8', extension: 'html' },
};

/** Papers in one format; `text` and `html` need a citation style (default APA). */
export function exportPapers(papers: Paper[], format: ExportFormat, options: { style?: CitationStyleId } = {}): ExportedFile {
  const content =
    format === 'bibtex'
      ? toBibtex(papers)
      : format === 'ris'
        ? toRis(papers)
        : format === 'csl-json'
          ? toCslJson(papers)
          : formatBibliography(papers, { style: options.style ?? 'apa', format });
  return { content, ...FILES[format] };
}
