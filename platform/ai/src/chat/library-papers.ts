// Papers of the user's own library chosen for a chat (`library_papers`, `library_collection` in the inputs): the
// product reads them as the end user (so ids of papers that are not theirs find nothing), and this reads their PDFs
// on the same reading threads and under the same limits as attached files (files/document-text.ts), with each page
// marked so that the answer can cite passages by page.
import { authorName } from '@citewise/scholar';
import type { AiConfig } from '../config';
import type { AiContext } from '../context';
import { DifyError, invalidParam } from '../errors';
import { pdfLimits, readDocument } from '../files/document-text';
import type { LibraryEntry } from '../research/library';
import { FILES_PER_MESSAGE } from './attachments';

/** Papers one conversation may be about, picked one by one or as a collection. */
export const MAX_LIBRARY_PAPERS = 20;

/** A PDF attached to a library paper: its bytes are loaded only when no reading of this version is kept. */
export interface LibraryPaperFile {
  name: string;
  /** Changes whenever the file's bytes do, so a reading is kept by it. */
  version: string;
  bytes(): Promise<Uint8Array>;
}

export type ChosenPaper = LibraryEntry & { files: LibraryPaperFile[] };

/**
 * The chosen papers of one end user, read as that user: `paperIds` in that order, or the papers of one collection.
 * Papers that are not the user's are simply not found; `null` when the collection is not theirs.
 */
export type LibraryPapers = (endUser: string, choice: LibraryChoice, signal: AbortSignal) => Promise<ChosenPaper[] | null>;
export type LibraryChoice = { paperIds: string[] } | { collectionId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The choice the inputs name, or null for none; refuses ids that are not UUIDs and more papers than allowed. */
export function libraryChoice(inputs: Record<string, unknown>): LibraryChoice | null {
  const collection = String(inputs.library_collection ?? '').trim();
  const papers = String(inputs.library_papers ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (collection && papers.length) throw invalidParam('library_papers and library_collection cannot both be given.');
  if (collection) {
    if (!UUID.test(collection)) throw invalidParam('library_collection must be a collection id.');
    return { collectionId: collection };
  }
  if (papers.length === 0) return null;
  if (papers.some((id) => !UUID.test(id))) throw invalidParam('library_papers must be paper ids separated by commas.');
  if (new Set(papers).size > MAX_LIBRARY_PAPERS) throw invalidParam(`At most ${MAX_LIBRARY_PAPERS} library papers can be chosen.`);
  return { paperIds: [...new Set(papers)] };
}

/**
 * The chosen papers as the end user sees them. Every named paper must be theirs: one that is not (another person's,
 * or deleted) is refused as not found, as is a collection; an empty or too large collection is refused too.
 */
export async function chosenPapers(ctx: AiContext, user: string, choice: LibraryChoice, signal: AbortSignal): Promise<ChosenPaper[]> {
  if (!ctx.libraryPapers) throw invalidParam('This server has no library to read papers from.');
  const papers = await ctx.libraryPapers(user, choice, signal);
  // Codes of their own, so that the product can say each in the page's language.
  if (papers === null) throw new DifyError(404, 'library_collection_not_found', 'Library collection not found.');
  if ('paperIds' in choice && papers.length !== choice.paperIds.length) throw new DifyError(404, 'library_paper_not_found', 'Library paper not found.');
  if (papers.length > MAX_LIBRARY_PAPERS) {
    throw new DifyError(400, 'library_collection_too_large', `The collection holds more than ${MAX_LIBRARY_PAPERS} papers; choose papers from it instead.`, {
      max_papers: MAX_LIBRARY_PAPERS,
    });
  }
  if (papers.length === 0) throw new DifyError(400, 'library_collection_empty', 'The collection holds no papers.');
  return papers;
}

/** The chosen papers, each with its record and the text of its PDFs, as the model's context. */
export async function libraryPapersText(ctx: AiContext, papers: ChosenPaper[]): Promise<string> {
  // The text of all papers together stays within what the files of one message may bring.
  const share = Math.floor((ctx.config.AI_ATTACHMENT_TEXT_LIMIT * FILES_PER_MESSAGE) / papers.length);
  const blocks = [];
  for (const paper of papers) blocks.push(await paperBlock(ctx.config, paper, share));
  return blocks.join('\n\n');
}

async function paperBlock(config: AiConfig, chosen: ChosenPaper, share: number): Promise<string> {
  const { paper } = chosen;
  const authors = paper.authors.map(authorName).filter(Boolean);
  const lines = [
    `Title: ${paper.title}`,
    authors.length ? `Authors: ${authors.slice(0, 8).join(', ')}${authors.length > 8 ? ', et al.' : ''}` : '',
    paper.issued?.year ? `Year: ${paper.issued.year}` : '',
    paper.container ? `Published in: ${paper.container}` : '',
    paper.doi ? `DOI: ${paper.doi}` : '',
    paper.abstract ? `Abstract: ${paper.abstract}` : 'Abstract: (none in the record)',
    chosen.note ? `The researcher's note: ${chosen.note}` : '',
  ].filter(Boolean);
  const limits = { ...pdfLimits(config), pageMarks: true };
  let left = share;
  for (const file of chosen.files) {
    if (left <= 0) break;
    const reading = await readDocument({ name: file.name, extension: 'pdf', uploadId: `library:${file.version}`, bytes: file.bytes }, limits);
    if (!reading.ok) {
      lines.push(
        `<pdf name="${quote(file.name)}">(This PDF could not be read: ${reading.reason === 'unreadable' ? 'it is damaged or not a PDF' : `it passed a reading limit (${reading.reason})`}.)</pdf>`,
      );
      continue;
    }
    const text = reading.text.slice(0, left);
    left -= text.length;
    const cut = reading.truncated || text.length < reading.text.length;
    lines.push(
      `<pdf name="${quote(file.name)}">\n${text || '(This PDF has no extractable text.)'}${cut ? '\n[The rest of the PDF was cut off.]' : ''}\n</pdf>`,
    );
  }
  return `<library_paper id="${chosen.entryId}">\n${lines.join('\n')}\n</library_paper>`;
}

const quote = (name: string) => name.replace(/"/g, "'");
