// The reference-check report as a file: one row per entry, what was given, what was found, what differs and
// where it was looked up — for a co-author, a supervisor or an editor who was not at the screen.
import type { CheckedReference } from '../server/checked-reference-type';

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted when needed (RFC 4180); a leading = + - @ is a formula to a spreadsheet, so it is defused.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const REPORT_COLUMNS = [
  'index',
  'reference',
  'status',
  'matched_title',
  'matched_year',
  'doi',
  'arxiv_id',
  'differences',
  'not_in_record',
  'sources_answered',
  'sources_silent',
] as const;

export function checkReportCsv(entries: readonly CheckedReference[]): string {
  const rows = entries.map((entry) => [
    entry.index,
    entry.text,
    entry.status,
    entry.paper?.title,
    entry.paper?.issued?.year,
    entry.paper?.doi,
    entry.paper?.arxivId,
    entry.differences.map((d) => `${d.field}${d.verdict === 'slip' ? ' (slip)' : ''}: ${d.expected ?? '—'} → ${d.found ?? '—'}`).join('; '),
    entry.unconfirmed.join(' '),
    entry.searched
      .filter((s) => s.state === 'answered')
      .map((s) => s.source)
      .join(' '),
    entry.searched
      .filter((s) => s.state === 'unreachable' || s.state === 'timed_out' || s.state === 'failed')
      .map((s) => s.source)
      .join(' '),
  ]);
  return [REPORT_COLUMNS.join(','), ...rows.map((row) => row.map(cell).join(','))].join('\r\n') + '\r\n';
}

/** The entries whose work was found: they have a record to correct them. */
export const foundEntries = (entries: readonly CheckedReference[]) => entries.filter((entry) => entry.paper !== null);

/**
 * The corrected references of a report, in its order: each found reference as its records correct it, keeping the
 * fields no record holds as the user wrote them (never dropped).
 */
export const correctedPapers = (entries: readonly CheckedReference[]) => foundEntries(entries).map((entry) => entry.corrected ?? entry.paper!);

/** What "save" keeps: the found references nothing contradicts (verified, with corrections, or partly), corrected. */
export const savablePapers = (entries: readonly CheckedReference[]) =>
  foundEntries(entries)
    .filter((entry) => entry.status !== 'mismatch')
    .map((entry) => entry.corrected ?? entry.paper!);
