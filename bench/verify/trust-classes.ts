// The checker's trust classes (packages/scholar/src/evaluation/trust-references.ts), measured per class and
// language: exact controls must be verified; slips must be caught and shown with the record's value; invented fields
// on incomplete records must never be verified, and each must be named as not in the record.
import type { Database } from '@citewise/db';
import { upsertPapers, verifyReference, type Paper, type SourceRegistry } from '@citewise/scholar';
import { TRUST_CLASSES, trustReferences, type TrustReference, type TrustSet } from '@citewise/scholar/trust';

type Result = Awaited<ReturnType<typeof verifyReference>>;

export async function prepareTrustClasses(db: Database, samples: { english: Paper[]; incomplete: Paper[]; chinese: Paper[] }, seed: number): Promise<TrustSet> {
  const set = trustReferences(samples.english, samples.chinese, samples.incomplete, { seed });
  await upsertPapers(db, set.incompleteRecords);
  return set;
}

/** The slipped field is shown as a difference whose record value is the record's own. */
function shown(ref: TrustReference, result: Result): boolean {
  if (result.status === 'not_found' || result.status === 'unchecked' || !ref.slipped) return false;
  const differences = 'differences' in result ? (result.differences as Array<{ field: string; found: unknown }>) : [];
  const difference = differences.find((d) => d.field === ref.slipped!.field);
  return !!difference && String(difference.found ?? '').includes(ref.slipped.field === 'title' ? ref.slipped.record : ref.slipped.record.slice(0, 3));
}

/** Every invented field is named as not in the record (a result without per-field verdicts names none). */
function listed(ref: TrustReference, result: Result): boolean {
  const fields = (result as { fields?: Array<{ field: string; verdict: string }> }).fields;
  if (!fields || !ref.invented) return false;
  return ref.invented.every((field) => fields.some((f) => f.field === field && f.verdict === 'not_in_record'));
}

const TARGET = { exact: '≥ 98% verified', slip: '≥ 95% shown', invented_fields: '≥ 99% caught' } as const;

export async function reportTrustClasses(registry: SourceRegistry, set: TrustSet) {
  const rows = new Map<
    string,
    { n: number; verified: number; shown: number; listed: number; statuses: Record<string, number>; variants: Record<string, Record<string, number>> }
  >();
  const misses: string[] = [];
  for (const ref of set.references) {
    const result = await verifyReference(registry, ref.text);
    const key = `${ref.kind}/${ref.language}`;
    const row = rows.get(key) ?? { n: 0, verified: 0, shown: 0, listed: 0, statuses: {}, variants: {} };
    row.n++;
    row.statuses[result.status] = (row.statuses[result.status] ?? 0) + 1;
    const variant = (row.variants[ref.variant] ??= {});
    variant[result.status] = (variant[result.status] ?? 0) + 1;
    if (result.status === 'verified') row.verified++;
    if (shown(ref, result)) row.shown++;
    if (listed(ref, result)) row.listed++;
    rows.set(key, row);
    const wrong =
      ref.kind === 'exact' ? result.status !== 'verified' : ref.kind === 'slip' ? !shown(ref, result) : result.status === 'verified' || !listed(ref, result);
    const fields = (result as { fields?: Array<{ field: string; verdict: string }> }).fields?.map((f) => `${f.field}:${f.verdict}`).join(' ');
    if (wrong && misses.length < 20)
      misses.push(`${ref.kind}/${ref.language} ${ref.variant} [${ref.style}] → ${result.status}${fields ? ` (${fields})` : ''}: ${ref.text}`);
  }

  console.log(`\nTrust classes: ${set.references.length} references (${set.incompleteRecords.length} English records stripped of authors, year and venue)\n`);
  console.log(
    'class'.padEnd(16),
    'lang',
    'n'.padStart(5),
    'verified'.padStart(9),
    'caught'.padStart(8),
    'shown'.padStart(7),
    'listed'.padStart(7),
    ' target'.padEnd(17),
    'statuses',
  );
  for (const kind of TRUST_CLASSES) {
    for (const language of ['en', 'zh']) {
      const row = rows.get(`${kind}/${language}`);
      if (!row) continue;
      const pct = (n: number) => `${((100 * n) / row.n).toFixed(1)}%`;
      const dash = (on: boolean, n: number) => (on ? pct(n) : '—');
      console.log(
        kind.padEnd(16),
        language.padEnd(4),
        String(row.n).padStart(5),
        pct(row.verified).padStart(9),
        pct(row.n - row.verified).padStart(8),
        dash(kind === 'slip', row.shown).padStart(7),
        dash(kind === 'invented_fields', row.listed).padStart(7),
        ` ${TARGET[kind]}`.padEnd(17),
        JSON.stringify(row.statuses),
      );
      if (kind !== 'invented_fields') console.log(''.padEnd(22), 'by variant:', JSON.stringify(row.variants));
    }
  }
  if (misses.length) console.log(`\nFirst misses of the trust classes:\n${misses.join('\n')}`);
}
