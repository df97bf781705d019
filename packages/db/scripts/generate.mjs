// Generates the SQL migrations of one schema owner from its Drizzle schema and embeds them in its code.
//
//   node packages/db/scripts/generate.mjs <owner-dir> <owner> [name]
//
// drizzle-kit writes <owner-dir>/drizzle/*.sql (review and commit them); this script then writes
// <owner-dir>/src/db/migrations.ts so the migrations travel inside the server bundle instead of being read
// from disk at run time (Next.js bundles the code; the SQL folder would not be beside it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { embed } from './embed.mjs';

const [ownerDir, owner, name] = process.argv.slice(2);
if (!ownerDir || !owner) {
  console.error('usage: generate.mjs <owner-dir> <owner> [migration-name]');
  process.exit(2);
}
const dir = path.resolve(ownerDir);
const out = path.join(dir, 'drizzle');
const args = ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', path.join(dir, 'src/db/schema.ts'), '--out', out];
if (name) args.push('--name', name);
const result = spawnSync('npx', args, { stdio: 'inherit', cwd: path.dirname(new URL(import.meta.url).pathname) });
if (result.status !== 0) process.exit(result.status ?? 1);

fs.mkdirSync(path.join(dir, 'src/db'), { recursive: true });
fs.writeFileSync(path.join(dir, 'src/db/migrations.ts'), embed(out, owner));
console.log(`embedded ${owner} migrations in ${path.relative(process.cwd(), path.join(dir, 'src/db/migrations.ts'))}`);
