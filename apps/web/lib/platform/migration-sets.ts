// Every schema owner whose migrations this deployment applies, in order. Later owners (storage) join this list
// with their first migration.
import type { MigrationSet } from '@citewise/db';
import { migrations as ai } from '@citewise/platform-ai/migrations';
import { migrations as auth } from '@citewise/platform-auth/migrations';
import { migrations as scholar } from '@citewise/scholar/migrations';
import { migrations as app } from '../db/migrations';

export function migrationSets(options: { embeddedAuth: boolean }): MigrationSet[] {
  // With a hosted Supabase project the auth schema belongs to Supabase: never touch it.
  return [...(options.embeddedAuth ? [auth] : []), scholar, ai, app];
}
