// A line of an OpenAlex works JSONL file → Paper, with the same mapping the OpenAlex source adapter uses (so an
// imported work and a searched one get the same id), and a clear reason when the line is not a usable work.
import type { Paper } from '../paper';
import { paperFromOpenAlexWork } from '../sources/openalex/map-work';

export function paperFromOpenAlexRecord(value: unknown): Paper {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('line is not a JSON object');
  const id = (value as { id?: unknown }).id;
  if (typeof id !== 'string' || !/(?:^|openalex\.org\/)W\d+$/.test(id)) throw new Error('id is not an OpenAlex work id');
  const paper = paperFromOpenAlexWork(value);
  if (!paper) throw new Error('work has no title');
  return paper;
}
