// Writes the default corpus the first start imports: a deterministic sample of the shared arXiv corpus (by hash of
// the id, so every field and month is represented in proportion) plus every Chinese record, gzip-compressed.
//
//   node packages/scholar/scripts/build-default-corpus.mjs ENGLISH.jsonl.gz CHINESE.jsonl.gz [--english N]
//
// The output (data/corpus/default.jsonl.gz) is committed with its SOURCE.md and LICENSE.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip, gzipSync } from 'node:zlib';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { english: { type: 'string', default: '22000' } } });
const [english, chinese] = positionals;
if (!english || !chinese) {
  console.error('usage: build-default-corpus.mjs ENGLISH.jsonl.gz CHINESE.jsonl.gz [--english N]');
  process.exit(2);
}

async function* records(file) {
  const input = fs.createReadStream(file).pipe(createGunzip());
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line.trim()) yield line;
}

const rank = (line) => createHash('sha256').update(JSON.parse(line).id).digest('hex');
const sampled = [];
for await (const line of records(english)) sampled.push({ key: rank(line), line });
sampled.sort((a, b) => (a.key < b.key ? -1 : 1));
const lines = sampled.slice(0, Number(values.english)).map((s) => s.line);
// Stable order in the file (by id) so a rebuild from the same inputs is byte-identical.
lines.sort((a, b) => (JSON.parse(a).id < JSON.parse(b).id ? -1 : 1));
for await (const line of records(chinese)) lines.push(line);

const out = path.resolve(import.meta.dirname, '../data/corpus/default.jsonl.gz');
fs.mkdirSync(path.dirname(out), { recursive: true });
const body = gzipSync(`${lines.join('\n')}\n`, { level: 9 });
fs.writeFileSync(out, body);
console.log(`${lines.length} records, ${(body.length / 1e6).toFixed(1)} MB → ${path.relative(process.cwd(), out)}`);
