export { copyOut, escapeLiteral, openDatabase, queryPrepared, queryRows, type Database, type DatabaseHandle, type OpenOptions } from './client';
export { migrate, MigrationError, type Migration, type MigrationSet } from './migrate';
export { databaseOptionsFromEnv, sharedDatabase } from './shared';
export { acquireDataDirLock, DataDirLockedError, LOCK_FILE, LOCK_TOKEN_ENV, type DataDirLock } from './data-dir-lock';
