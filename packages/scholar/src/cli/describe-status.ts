// One line per source status, for the command line.
import type { SourceStatus } from '../search/types';

export function describeStatus(status: SourceStatus): string {
  switch (status.state) {
    case 'ok':
      return `${status.source}: ${status.returned} results${status.total !== null ? ` of ${status.total}` : ''} in ${status.tookMs} ms`;
    case 'error':
      return `${status.source}: ${status.code} — ${status.message}`;
    case 'timeout':
      return `${status.source}: timed out — ${status.message}`;
    case 'disabled':
      return `${status.source}: off — ${status.message}`;
  }
}
