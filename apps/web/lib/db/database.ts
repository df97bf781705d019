import 'server-only';
import { sharedDatabase, type DatabaseHandle } from '@citewise/db';
import { embeddedAuthEnabled } from '@/lib/platform/embedded';
import { migrationSets } from '@/lib/platform/migration-sets';

/**
 * The process's one database handle (PGlite, or the PostgreSQL server in DATABASE_URL), shared with the
 * platform services mounted under /platform. In embedded mode the first caller applies pending migrations.
 */
export function appDatabase(): Promise<DatabaseHandle> {
  return sharedDatabase(migrationSets({ embeddedAuth: embeddedAuthEnabled() }));
}
