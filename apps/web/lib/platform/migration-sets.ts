// Every schema owner whose migrations this deployment applies, in order.
import type { MigrationSet } from '@citewise/db';
import { migrations as ai } from '@citewise/platform-ai/migrations';
import { migrations as auth } from '@citewise/platform-auth/migrations';
import { migrations as storage } from '@citewise/platform-storage/migrations';
import { migrations as scholar } from '@citewise/scholar/migrations';
import { migrations as app } from '../db/migrations';

export function migrationSets(options: { embeddedAuth: boolean }): MigrationSet[] {
  // With a hosted Supabase project the auth and storage schemas belong to Supabase: never touch them.
  return [...(options.embeddedAuth ? [auth, storage] : []), scholar, ai, app];
}
