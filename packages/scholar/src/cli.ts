// The literature engine from the command line, for scripting and evaluation.
//
//   npm run scholar -- search --json [--limit N] [--sources local,openalex,…] QUERY   (federated search; cli/search.ts)
//   npm run scholar -- search --queries FILE [--limit N]      (JSON lines {"_id","text"} → {"query_id","ids"})
//   npm run scholar -- verify [--json] [--sources …] REFERENCE  (verified / mismatch / not found; cli/verify.ts)
//   npm run corpus:import -- FILE…                            (JSON Lines, .jsonl or .jsonl.gz)
//
// Uses DATABASE_URL, else the embedded database under DATA_DIR; beside a running server on it, refuses (data-dir-lock.ts).
import { databaseOptionsFromEnv, migrate, openDatabase } from '@citewise/db';
import { importFiles } from './cli/import';
import { prepare } from './cli/prepare';
import { search } from './cli/search';
import { verify } from './cli/verify';
import { migrations } from './db/migrations';

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const options = databaseOptionsFromEnv();
  const handle = await openDatabase(options);
  try {
    await migrate(handle, [migrations]);
    if (command === 'search') return await search(handle.db, rest);
    if (command === 'import') return await importFiles(handle.db, rest);
    if (command === 'prepare') return await prepare(handle);
    if (command === 'verify') return await verify(handle.db, rest);
    console.error(
      'usage: scholar search [--json] [--limit N] [--sources local,…] [--translate auto|off] [--language en|zh] QUERY | scholar search --queries FILE | scholar verify [--json] REFERENCE | scholar import FILE…',
    );
    process.exitCode = 2;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
