// The `app` schema itself, the role its policies name, and ownRows(): what every area's tables build on
// (docs/architecture.md §6.7).
import { sql } from '@citewise/db/orm';
import { pgPolicy, pgRole, pgSchema } from '@citewise/db/pg-core';

export const app = pgSchema('app');

/** Created by the migration 0001_claims_and_roles (race-safe, and present already on hosted Supabase). */
export const authenticated = pgRole('authenticated').existing();

type Command = 'select' | 'insert' | 'update' | 'delete';

/**
 * Policies letting the signed-in user use only their own rows, for the commands listed; commands left out are
 * refused for everyone but the table owner (e.g. no `delete` on subscriptions).
 */
export function ownRows(table: string, commands: readonly Command[]) {
  const own = sql`user_id = app.current_user_id()`;
  return commands.map((command) =>
    pgPolicy(`${table}_${command}_own`, {
      as: 'permissive',
      for: command,
      to: authenticated,
      ...(command === 'insert' ? { withCheck: own } : command === 'update' ? { using: own, withCheck: own } : { using: own }),
    }),
  );
}

/** Every command: the user may do anything with their own rows. */
export const allCommands = ['select', 'insert', 'update', 'delete'] as const;
