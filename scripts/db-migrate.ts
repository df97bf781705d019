// npm run db:migrate: applies pending migrations to the database in DATABASE_URL (or the embedded PGlite
// under DATA_DIR). Embedded mode also does this at start-up; a scaled-out deployment runs it once per release.
import { DataDirLockedError, databaseOptionsFromEnv, migrate, MigrationError, openDatabase } from '@citewise/db';
import { embeddedAuthEnabled, migrationSets } from '@citewise/web/scripts';

const options = databaseOptionsFromEnv();
// Beside a running server PGlite must not be opened: the lock refuses with one line saying so.
const handle = await openDatabase(options).catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
try {
  const applied = await migrate(handle, migrationSets({ embeddedAuth: embeddedAuthEnabled() }));
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error(error instanceof MigrationError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
