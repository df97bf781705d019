export { openDatabase, queryRows, type Database, type DatabaseHandle, type OpenOptions } from './client';
export { migrate, MigrationError, type Migration, type MigrationSet } from './migrate';
export { databaseOptionsFromEnv, sharedDatabase } from './shared';
