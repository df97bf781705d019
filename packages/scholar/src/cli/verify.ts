// `scholar verify`: checks one reference (a DOI, arXiv id, PMID or a formatted reference) against the local
// corpus and the switched-on online sources. Exit status: 0 verified, 3 mismatch, 4 not found, 5 could not be
// checked (no broad index such as OpenAlex or Crossref answered), 6 verified with corrections (slips only),
// 7 partly verified (fields that no record holds).
//
//   scholar verify [--json] [--sources local,crossref,…] [--timeout MS] REFERENCE
import { parseArgs } from 'node:util';
import type { Database } from '@citewise/db';
import { authorName } from '../paper';
import { sourcesConfigFromEnv } from '../sources/config';
import { createSources } from '../sources/registry';
import { verifyReference } from '../verify/verify-reference';
import { describeStatus } from './describe-status';
import { sourceList } from './search';

const EXIT = { verified: 0, mismatch: 3, not_found: 4, unchecked: 5, corrected: 6, partial: 7 } as const;

export async function verify(db: Database, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, sources: { type: 'string' }, timeout: { type: 'string' } },
  });
  const reference = positionals.join(' ').trim();
  if (!reference) throw new Error('verify needs a REFERENCE (a DOI, arXiv id, PMID, or a formatted reference in quotes)');
  if (values.timeout !== undefined && !/^\d+$/.test(values.timeout))
    throw new Error(`--timeout must be a whole number of milliseconds; got ${JSON.stringify(values.timeout)}`);
  const registry = createSources(sourcesConfigFromEnv(), { db });
  const result = await verifyReference(registry, reference, {
    sources: sourceList(values.sources, [...registry.enabled.keys()]),
    timeoutMs: values.timeout === undefined ? undefined : Number(values.timeout),
  });
  process.exitCode = EXIT[result.status];
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const answered =
    result.searched
      .filter((s) => s.state === 'answered')
      .map((s) => s.source)
      .join(', ') || 'none';
  if (result.status === 'not_found' || result.status === 'unchecked') {
    console.log(
      result.status === 'not_found'
        ? `not found in the sources searched (${answered})${result.complete ? '' : '; some sources did not answer: the work may exist there'}`
        : `could not be checked: no broad index (OpenAlex, Crossref) answered; searched ${answered}. Switch on or reach an online source and check again.`,
    );
    for (const c of result.candidates)
      console.log(`  nearest: ${c.paper.title} (${c.paper.issued?.year ?? 'n.d.'}) [${c.source}, title similarity ${c.similarity}]`);
  } else {
    const p = result.paper;
    console.log(
      `${result.status}: ${p.title} — ${p.authors.slice(0, 3).map(authorName).join(', ')}${p.authors.length > 3 ? ' et al.' : ''} (${p.issued?.year ?? 'n.d.'}) [${p.id}] {${result.sources.join(', ')}}`,
    );
    for (const d of result.differences)
      console.log(
        `  ${d.field}: reference has ${JSON.stringify(d.expected)}, the work has ${JSON.stringify(d.found)} (${d.verdict === 'slip' ? 'a slip, ' : ''}similarity ${d.similarity})`,
      );
    if (result.unconfirmed.length) console.log(`  not in any record, so not checked: ${result.unconfirmed.join(', ')}`);
  }
  for (const status of result.checked) if (status.state !== 'ok') console.error(describeStatus(status));
  for (const s of result.searched) if (s.state === 'not_configured') console.error(`${s.source}: not configured`);
}
