import 'server-only';
import { eq } from '@citewise/db/orm';
import type { PgColumn, PgTable } from '@citewise/db/pg-core';
import { appDatabase } from '@/lib/db/database';
import {
  aiMessageReservations,
  aiUsage,
  billingCustomers,
  billingInvoices,
  libraryCollectionPapers,
  libraryCollections,
  libraryPaperFiles,
  libraryPapers,
  notePapers,
  notes,
  subscriptions,
  teamLibraryPapers,
  teamMembers,
  teams,
  usageCounters,
} from '@/lib/db/schema';

/**
 * Every table of the `app` schema that holds a user's rows, children before parents. Deleting an account
 * removes the user's rows from each; a test checks that no table with a `user_id` column is missing here,
 * so a feature adding one (notes, files) adds it to this list too.
 */
export const userTables: { name: string; table: PgTable; userId: PgColumn }[] = [
  { name: 'note_papers', table: notePapers, userId: notePapers.userId },
  { name: 'notes', table: notes, userId: notes.userId },
  { name: 'library_paper_files', table: libraryPaperFiles, userId: libraryPaperFiles.userId },
  { name: 'library_collection_papers', table: libraryCollectionPapers, userId: libraryCollectionPapers.userId },
  { name: 'library_papers', table: libraryPapers, userId: libraryPapers.userId },
  { name: 'library_collections', table: libraryCollections, userId: libraryCollections.userId },
  { name: 'ai_message_reservations', table: aiMessageReservations, userId: aiMessageReservations.userId },
  { name: 'ai_usage', table: aiUsage, userId: aiUsage.userId },
  { name: 'usage_counters', table: usageCounters, userId: usageCounters.userId },
  { name: 'billing_invoices', table: billingInvoices, userId: billingInvoices.userId },
  { name: 'billing_customers', table: billingCustomers, userId: billingCustomers.userId },
  { name: 'subscriptions', table: subscriptions, userId: subscriptions.userId },
  // The user's place on a team (the seat is free again), then the team they own: its members, invitations and
  // shared library go with it (foreign keys cascade). Papers they shared with someone else's team stay there,
  // credited to no one (removeUserData).
  { name: 'team_members', table: teamMembers, userId: teamMembers.userId },
  { name: 'teams', table: teams, userId: teams.userId },
];

// Not here on purpose: app.admin_audit. Its rows record what admins did to an account (target_id, not user_id);
// they are the operators' record, append-only, and never exported or deleted by the product (schema.ts).

/**
 * Removes all of a user's rows in one transaction. It runs as the tables' owner, not as the user: users may
 * not delete their usage or subscription rows themselves (quotas count them), but a deleted account keeps none.
 * Only the account deletion (erase-user-data.ts) calls this, for the verified user.
 */
export async function removeUserData(userId: string): Promise<Record<string, number>> {
  const { db } = await appDatabase();
  return db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    // A paper shared with another person's team is that team's; only who shared it is the user's: it stays, uncredited.
    const uncredited = await tx
      .update(teamLibraryPapers)
      .set({ addedBy: null })
      .where(eq(teamLibraryPapers.addedBy, userId))
      .returning({ id: teamLibraryPapers.id });
    removed['team_library_papers (uncredited)'] = uncredited.length;
    for (const { name, table, userId: column } of userTables) {
      const rows = await tx.delete(table).where(eq(column, userId)).returning({ userId: column });
      removed[name] = rows.length;
    }
    return removed;
  });
}
