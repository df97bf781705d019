import 'server-only';
import { asc, eq } from '@citewise/db/orm';
import type { SessionUser } from '@/lib/auth/session';
import { appDatabase } from '@/lib/db/database';
import { billingCustomers, billingInvoices, teamInvitations, teamLibraryPapers, teamMembers, teams } from '@/lib/db/schema';
import { withUserDb } from '@/lib/db/user-db';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The Stripe customer the account pays as, and its invoices (amounts in the currency's smallest unit). */
export async function billingSection(user: SessionUser) {
  return withUserDb(user.claims, async (db) => {
    const [customer] = await db.select().from(billingCustomers).limit(1);
    const invoices = await db.select().from(billingInvoices).orderBy(asc(billingInvoices.created), asc(billingInvoices.id));
    return {
      stripeCustomerId: customer?.stripeCustomerId ?? null,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        status: invoice.status,
        amountDue: invoice.amountDue,
        amountPaid: invoice.amountPaid,
        currency: invoice.currency,
        reason: invoice.billingReason,
        url: invoice.hostedInvoiceUrl,
        periodStart: iso(invoice.periodStart),
        periodEnd: iso(invoice.periodEnd),
        created: invoice.created.toISOString(),
      })),
    };
  });
}

/**
 * The team the account owns (its members and pending invitations), its place on a team, and the papers it shared
 * with a team. Read with the tables owner's rights, by the verified user's id: invitations are not readable as the
 * user (only the owner's connection writes and reads them).
 */
export async function teamSection(user: SessionUser) {
  const { db } = await appDatabase();
  const [owned] = await db.select().from(teams).where(eq(teams.userId, user.id));
  const [membership] = await db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
  const shared = await db.select().from(teamLibraryPapers).where(eq(teamLibraryPapers.addedBy, user.id)).orderBy(asc(teamLibraryPapers.createdAt));
  const members = owned ? await db.select().from(teamMembers).where(eq(teamMembers.teamId, owned.id)).orderBy(asc(teamMembers.joinedAt)) : [];
  const invitations = owned ? await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, owned.id)).orderBy(asc(teamInvitations.createdAt)) : [];
  return {
    owned: owned
      ? {
          id: owned.id,
          createdAt: owned.createdAt.toISOString(),
          members: members.map((member) => ({ email: member.email, role: member.role, joinedAt: member.joinedAt.toISOString() })),
          invitations: invitations.map((invitation) => ({ email: invitation.email, createdAt: invitation.createdAt.toISOString() })),
        }
      : null,
    membership: membership ? { teamId: membership.teamId, role: membership.role, email: membership.email, joinedAt: membership.joinedAt.toISOString() } : null,
    sharedPapers: shared.map((row) => ({ teamId: row.teamId, paperId: row.paperId, title: row.paper.title, sharedAt: row.createdAt.toISOString() })),
  };
}
