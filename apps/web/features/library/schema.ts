// Inputs of the library API, shared by the route handlers and the dashboard page.
import { CITATION_STYLE_IDS, EXPORT_FORMATS } from '@citewise/scholar';
import { z } from 'zod';
import { MAX_PAPERS_AT_ONCE } from '@/features/papers/limits';
import { paperSchema } from '@/features/papers/schema';
import { MAX_BIBLIOGRAPHY_CHARS, referenceFileFormats } from '@/features/research/schema';
import { LIBRARY_SORTS } from './sorts';

export const MAX_TAGS = 30;

const tag = z.string().trim().min(1, 'tag_invalid').max(50, 'tag_invalid');
const libraryId = z.uuid('invalid');

export const savePaperSchema = z.object({ paper: paperSchema });

export { MAX_PAPERS_AT_ONCE };

export const savePapersSchema = z.object({
  papers: z.array(paperSchema).min(1, 'nothing_selected').max(MAX_PAPERS_AT_ONCE, 'too_many_at_once'),
  collectionId: z.uuid('invalid').optional(),
});

export const savedPapersSchema = z.object({
  paperIds: z.array(z.string().min(1).max(300)).max(MAX_PAPERS_AT_ONCE, 'too_many_at_once'),
});

export const listLibrarySchema = z.object({
  collection: libraryId.optional(),
  /** Words each found in the title, an author, the note or a tag (substrings, so Chinese needs no spaces). */
  q: z.string().trim().max(200, 'too_long').optional(),
  sort: z.enum(LIBRARY_SORTS, 'invalid').default('added'),
  tag: tag.optional(),
  /** Only the entry of this paper (the research page asks whether a paper is saved). */
  paperId: z.string().min(1).max(300).optional(),
});

export const updateLibraryPaperSchema = z.object({
  note: z.string().max(20_000, 'too_long').optional(),
  tags: z
    .array(tag)
    .max(MAX_TAGS, 'tag_invalid')
    .transform((tags) => [...new Set(tags)])
    .optional(),
  /** The collections the paper is in afterwards (replaces the current set). */
  collectionIds: z.array(libraryId).max(100, 'too_many').optional(),
});

export const createCollectionSchema = z.object({ name: z.string().trim().min(1, 'name_required').max(100, 'too_long') });

/** POST /api/library/collections/:id/papers: saved papers (library entry ids) to file into the collection. */
export const addToCollectionSchema = z.object({
  ids: z.array(libraryId).min(1, 'nothing_selected').max(5000, 'too_many'),
});

export const importReferencesSchema = z.object({
  text: z.string().trim().min(1, 'bibliography_required').max(MAX_BIBLIOGRAPHY_CHARS, 'file_too_large'),
  /** Detected from the text when absent. */
  format: z.enum(referenceFileFormats, 'invalid').optional(),
  /** Put the imported papers into this collection too. */
  collectionId: libraryId.optional(),
});

export const exportLibrarySchema = z.object({
  /** Library entries to export; the whole library when absent. */
  ids: z.array(libraryId).min(1, 'nothing_selected').max(5000, 'too_many').optional(),
  format: z.enum(EXPORT_FORMATS, 'invalid'),
  style: z.enum(CITATION_STYLE_IDS, 'invalid').default('apa'),
});

/** Files attached to one library paper at most. */
export const MAX_FILES_PER_PAPER = 20;

/** POST /api/library/papers/:id/files: a PDF of My files, named by its object key in the `files` bucket. */
export const attachPaperFileSchema = z.object({
  key: z
    .string()
    .min(1, 'required')
    .max(1024, 'too_long')
    .refine((key) => !key.includes('\0') && !key.split('/').some((part) => part === '' || part === '.' || part === '..'), 'invalid_format'),
});

/** Fetching a paper's open-access PDF takes no input beyond the paper in the path. */
export const attachOpenAccessPdfSchema = z.object({}).strict();

export type UpdateLibraryPaper = z.output<typeof updateLibraryPaperSchema>;
export type ImportReferences = z.output<typeof importReferencesSchema>;
export type ExportLibrary = z.output<typeof exportLibrarySchema>;
