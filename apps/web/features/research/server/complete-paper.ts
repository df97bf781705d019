import 'server-only';
import { fillGaps, type FilledPaper, type Paper, type SourceRegistry } from '@citewise/scholar';

export type { FilledPaper };

/**
 * A record lacking authors, year or venue, completed from an online source that has the same work; each filled
 * field names its source. Unchanged when nothing is missing, no online source is switched on, or none has it.
 */
export function completePaper(registry: SourceRegistry, paper: Paper, signal?: AbortSignal): Promise<FilledPaper> {
  return fillGaps(registry, paper, { signal });
}
