// Inputs of the notes API, shared by the route handlers and the page.
import { CITATION_STYLE_IDS } from '@citewise/scholar';
import { z } from 'zod';
import { MAX_CITATION_MARKERS, MAX_LINKED_PAPERS, MAX_LOCATOR_CHARS, MAX_NOTE_CHARS, MAX_NOTE_TAGS, MAX_TITLE_CHARS } from './limits';

const noteId = z.uuid('invalid');
const tag = z.string().trim().min(1, 'tag_invalid').max(50, 'tag_invalid');
const tags = z
  .array(tag)
  .max(MAX_NOTE_TAGS, 'tag_invalid')
  .transform((list) => [...new Set(list)]);

/** A link from a note to a saved paper, with an optional page or passage. */
const linkedPaper = z.object({
  libraryPaperId: z.uuid('invalid'),
  locator: z.string().trim().max(MAX_LOCATOR_CHARS, 'too_long').default(''),
});

const papers = z
  .array(linkedPaper)
  .max(MAX_LINKED_PAPERS, 'too_many')
  // One link per paper: the last locator given wins.
  .transform((list) => [...new Map(list.map((link) => [link.libraryPaperId, link])).values()]);

const fields = {
  title: z.string().trim().max(MAX_TITLE_CHARS, 'too_long'),
  body: z.string().max(MAX_NOTE_CHARS, 'note_too_long'),
  tags,
  papers,
};

export const createNoteSchema = z.object({
  title: fields.title.default(''),
  body: fields.body.default(''),
  tags: fields.tags.default([]),
  papers: fields.papers.default([]),
});

export const updateNoteSchema = z.object({
  /** The version the change was made on; a save against an older one is refused with `conflict`. */
  version: z.number().int().min(1),
  title: fields.title.optional(),
  body: fields.body.optional(),
  tags: fields.tags.optional(),
  /** The linked papers afterwards (replaces the current set). */
  papers: fields.papers.optional(),
});

export const listNotesSchema = z.object({
  q: z.string().trim().max(500, 'query_too_long').optional(),
  tag: tag.optional(),
  /** Only notes linked to this saved paper. */
  paper: z.uuid('invalid').optional(),
});

export const noteIdSchema = noteId;

const style = z.enum(CITATION_STYLE_IDS, 'invalid');

export const renderCitationsSchema = z.object({
  /** Each marker's keys, markers in the order they appear (the order numeric styles number by). */
  markers: z.array(z.array(z.string().min(1).max(200)).min(1).max(50)).max(MAX_CITATION_MARKERS, 'too_many'),
  style,
});

export const exportNoteSchema = z.object({ style });

export type CreateNote = z.output<typeof createNoteSchema>;
export type UpdateNote = z.output<typeof updateNoteSchema>;
export type ListNotes = z.output<typeof listNotesSchema>;
export type RenderCitations = z.output<typeof renderCitationsSchema>;
