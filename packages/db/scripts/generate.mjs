// Generates the SQL migrations of one schema owner from its Drizzle schema and embeds them in its code.
//
//   node packages/db/scripts/generate.mjs <owner-dir> <owner> [name] [--custom]
//
// drizzle-kit writes <owner-dir>/drizzle/*.sql (review and commit them); this script then writes
// <owner-dir>/src/db/migrations.ts so the migrations travel inside the server bundle instead of being read
// from disk at run time (Next.js bundles the code; the SQL folder would not be beside it). An owner without a
// src/ folder (the web app) keeps its schema in <owner-dir>/lib/db instead. `--custom` writes an empty
// migration for hand-written SQL (roles, functions) that Drizzle's schema cannot express.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { embed } from './embed.mjs';

const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const [ownerDir, owner, name] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!ownerDir || !owner) {
  console.error('usage: generate.mjs <owner-dir> <owner> [migration-name] [--custom]');
  process.exit(2);
}
const dir = path.resolve(ownerDir);
const out = path.join(dir, 'drizzle');
const dbDir = fs.existsSync(path.join(dir, 'src')) ? path.join(dir, 'src/db') : path.join(dir, 'lib/db');
// A relative output folder: drizzle-kit prefixes `./` to it when it reads earlier snapshots, breaking absolute
// paths. It runs from the repository root, where the folder is resolved.
const cwd = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
// A schema split into one file per area (the web app's lib/db/schema/) is read through its index, which exports
// every table; a single-file schema (the platform services') as it is.
const schema = fs.existsSync(path.join(dbDir, 'schema', 'index.ts')) ? path.join(dbDir, 'schema', 'index.ts') : path.join(dbDir, 'schema.ts');
const args = ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', schema, '--out', path.relative(cwd, out)];
if (name) args.push('--name', name);
if (flags.includes('--custom')) args.push('--custom');
const result = spawnSync('npx', args, { stdio: 'inherit', cwd });
if (result.status !== 0) process.exit(result.status ?? 1);

fs.mkdirSync(dbDir, { recursive: true });
fs.writeFileSync(path.join(dbDir, 'migrations.ts'), embed(out, owner));
console.log(`embedded ${owner} migrations in ${path.relative(process.cwd(), path.join(dbDir, 'migrations.ts'))}`);
