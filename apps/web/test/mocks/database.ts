// `@/lib/db/database` in the web API tests: the test file's database (test/web-api.ts).
import type { DatabaseHandle } from '@citewise/db';
import { state } from '../web-api';

export async function appDatabase(): Promise<DatabaseHandle> {
  if (!state.handle) throw new Error('appDatabase() before setUpWebApi() started the database');
  return state.handle;
}
