// For user-data-coverage.test.ts: one person with rows in every table that holds a person's data, made the way
// the product makes them where that is short (sign-up, uploads, the AI runtime's API) and by plain inserts where a
// whole flow would be long (billing, teams, audit). Each row carries a text unique to the person (the label), and
// an expectation says where the data export must show it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { queryRows, type Database } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import type { AiService } from '@citewise/platform-ai';
import { difyUser } from '@/features/ai/server/dify-user';
import { testPapers } from '@/test/fixtures/papers';
import type { SessionUser } from '@/lib/auth/session';
import {
  adminAudit,
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

/** Where the export must hold a row of `key` (`schema.table.column`): `needle` within the archive's `path`. `own`: the needle is this person's alone. */
export type Expectation = { key: string; path: string; needle: string; own: boolean };

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

export async function seedEverything(options: { db: Database; client: SupabaseClient; ai: AiService; label: string; sharesWith?: string }) {
  const { db, client, ai, label } = options;
  const expectations: Expectation[] = [];
  const expectIn = (key: string, path: string, needle: string, own = true) => expectations.push({ key, path, needle, own });

  // auth: the account, its identity, a session with its refresh token, an unverified factor, a mailed code.
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'correct-Horse-7-battery' });
  expect(error).toBeNull();
  const id = data.user!.id;
  const user: SessionUser = { id, email, phone: null, aal: 'aal1', sessionId: null, claims: { sub: id, role: 'authenticated', aal: 'aal1' } };
  expectIn('auth.identities.user_id', 'profile.signInMethods', email);
  expectIn('auth.sessions.user_id', 'profile.sessions', '"createdAt"', false);
  expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `phone of ${label}` })).error).toBeNull();
  expectIn('auth.mfa_factors.user_id', 'profile.twoStepFactors', `phone of ${label}`);
  expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
  // Sign-in flows under way: one of the account, one linking an identity to it.
  await db.execute(
    sql`insert into auth.flow_state (user_id, auth_code, provider_type, authentication_method) values (${id}::uuid, ${crypto.randomUUID()}, 'email', 'magiclink')`,
  );
  await db.execute(
    sql`insert into auth.flow_state (linking_user_id, auth_code, provider_type, authentication_method) values (${id}::uuid, ${crypto.randomUUID()}, 'github', 'oauth')`,
  );

  // storage: a file in My files and a profile picture, uploaded with the person's own session.
  expect((await client.storage.from('files').upload(`${id}/paper-${label}.pdf`, new Blob([PDF], { type: 'application/pdf' }))).error).toBeNull();
  expect(
    (await client.storage.from('avatars').upload(`${id}/me-${label}.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }))).error,
  ).toBeNull();
  for (const column of ['owner', 'owner_id']) {
    expectIn(`storage.objects.${column}`, 'files', `paper-${label}.pdf`);
    expectIn(`storage.objects.${column}`, 'profile.pictures', `me-${label}.png`);
  }
  const [object] = await queryRows<{ id: string }>(db, sql`select id from storage.objects where name = ${`${id}/paper-${label}.pdf`}`);

  // app: library, notes, usage, billing, team, audit.
  const [paper] = await db
    .insert(libraryPapers)
    .values({ userId: id, paperId: testPapers[0]!.id, paper: testPapers[0]!, note: `paper note of ${label}` })
    .returning();
  const [collection] = await db
    .insert(libraryCollections)
    .values({ userId: id, name: `collection of ${label}` })
    .returning();
  await db.insert(libraryCollectionPapers).values({ userId: id, collectionId: collection!.id, libraryPaperId: paper!.id });
  await db.insert(libraryPaperFiles).values({ userId: id, libraryPaperId: paper!.id, objectId: object!.id });
  const [note] = await db
    .insert(notes)
    .values({ userId: id, title: `note of ${label}`, body: 'Body.', search: sql`to_tsvector('simple', 'note')` })
    .returning();
  await db.insert(notePapers).values({ userId: id, noteId: note!.id, libraryPaperId: paper!.id, locator: `p. ${label}` });
  expectIn('app.library_papers.user_id', 'library.papers', `paper note of ${label}`);
  expectIn('app.library_collections.user_id', 'library.collections', `collection of ${label}`);
  expectIn('app.library_collection_papers.user_id', 'library.papers[].collections', `collection of ${label}`);
  expectIn('app.library_paper_files.user_id', 'library.papers[].files', `paper-${label}.pdf`);
  expectIn('app.notes.user_id', 'notes', `note of ${label}`);
  expectIn('app.note_papers.user_id', 'notes[].papers', `p. ${label}`);

  const count = label.length * 1000 + 17;
  await db.insert(aiUsage).values({ userId: id, appId: 'paper-chat', day: '2026-11-24', messages: count });
  await db.insert(aiMessageReservations).values({ userId: id, appId: 'paper-chat', expiresAt: new Date(Date.now() + 60_000) });
  await db.insert(usageCounters).values({ userId: id, feature: 'searches', period: '2026-11-24', count: count + 1 });
  await db.insert(subscriptions).values({ userId: id });
  await db.insert(billingCustomers).values({ userId: id, stripeCustomerId: `cus_${label}` });
  await db
    .insert(billingInvoices)
    .values({ id: `in_${label}`, userId: id, status: 'paid', amountDue: 900, amountPaid: 900, currency: 'usd', created: new Date() });
  expectIn('app.ai_usage.user_id', 'usage.ai', `"messages":${count}`);
  expectIn('app.usage_counters.user_id', 'usage.counters', `"count":${count + 1}`);
  expectIn('app.subscriptions.user_id', 'usage.plan', '"id":"free"', false);
  expectIn('app.billing_customers.user_id', 'billing.stripeCustomerId', `cus_${label}`);
  expectIn('app.billing_invoices.user_id', 'billing.invoices', `in_${label}`);

  // A team of their own; earlier they were on the other person's team and shared a paper there.
  const [team] = await db.insert(teams).values({ userId: id }).returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: id, role: 'owner', email: `${label}@team.example` });
  // Their id is known to the other team's members too (it shares a paper there): not a needle of theirs alone.
  expectIn('app.teams.user_id', 'team.owned', team!.id, false);
  expectIn('app.team_members.user_id', 'team.membership', `${label}@team.example`);
  if (options.sharesWith) {
    await db.insert(teamLibraryPapers).values({ teamId: options.sharesWith, paperId: `shared-by-${label}`, paper: testPapers[1]!, addedBy: id });
    expectIn('app.team_library_papers.added_by', 'team.sharedPapers', `shared-by-${label}`);
  }
  await db.insert(adminAudit).values({ actorId: id, actorEmail: email, action: 'user.ban', targetId: crypto.randomUUID(), targetEmail: 'someone@example.com' });
  await db.insert(adminAudit).values({ actorId: crypto.randomUUID(), actorEmail: 'admin@example.com', action: 'user.unban', targetId: id, targetEmail: email });

  // ai: through the runtime's Dify API, as the product's proxy calls it for this person.
  const endUser = difyUser(id);
  const call = (appId: string, path: string, body: BodyInit, json = true) =>
    ai.fetch(
      new Request(`http://localhost:3000/platform/ai/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ai.keys[appId]}`, ...(json ? { 'content-type': 'application/json' } : {}) },
        body,
      }),
    );
  const form = new FormData();
  form.set('user', endUser);
  form.set('file', new File(['notes'], `${label}-notes.txt`, { type: 'text/plain' }));
  expect((await call('paper-chat', '/files/upload', form, false)).status).toBe(201);
  const chat = (await (
    await call('paper-chat', '/chat-messages', JSON.stringify({ query: `question of ${label}`, inputs: { paper: 'A paper.' }, user: endUser }))
  ).json()) as { conversation_id: string };
  expect((await call('academic-polish', '/completion-messages', JSON.stringify({ inputs: { query: `polish for ${label}` }, user: endUser }))).status).toBe(200);
  const run = await call(
    'literature-review',
    '/workflows/run',
    JSON.stringify({ inputs: { topic: `topic of ${label}` }, user: endUser, response_mode: 'blocking' }),
  );
  expect(run.status, await run.clone().text()).toBe(200);
  expectIn('ai.conversations.end_user', 'ai.conversations', chat.conversation_id);
  expectIn('ai.messages.end_user', 'ai.conversations[].messages', `question of ${label}`);
  expectIn('ai.messages.end_user', 'ai.completions', `polish for ${label}`);
  expectIn('ai.files.end_user', 'ai.files', `${label}-notes.txt`);
  expectIn('ai.workflow_runs.end_user', 'ai.workflowRuns', `topic of ${label}`);
  expectIn('ai.workflow_runs.end_user', 'ai.workflowRuns[].steps', '"node_id"', false);

  return { user, email, teamId: team!.id, expectations };
}
