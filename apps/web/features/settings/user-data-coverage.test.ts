// Every table that holds a person's rows is reached by account deletion and by the data export: Settings says the
// export holds everything Citewise keeps, and deleting the account removes it.
//
// The rule: a table holds a person's rows when it has a user key, a column in any schema of the database (auth,
// storage, ai, scholar, app) named user_id, owner, owner_id, end_user, created_by, added_by, actor_id, target_id or
// ending in _user_id. Tables that hang off such a table by a foreign key (a run's steps, a session's sign-in methods)
// go with their parent and are checked through it. `coverage` says for each such column how deletion reaches it and
// where the export holds it: a column the rule finds that is missing there fails the test, and so does a listed one
// that no longer exists. Then a person's rows are made in every listed table, another person's beside them; the
// export must hold each of the first person's and none of the other's, and after deletion no row keyed by the first
// person may be left, except where `coverage` says why.
import { NextRequest } from 'next/server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createAiService, loadAiConfig } from '@citewise/platform-ai';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { createLocalSource, sourceRegistry } from '@citewise/scholar';
import { setUpWebApi } from '@/test/web-api';
import { seedEverything, type Expectation } from './testing/seed-user-data';

/**
 * How deletion reaches each user key: `deleted` (no row keyed by the person is left), `uncredited` (the rows stay,
 * someone else's too, with the key set to null), `anonymised` (the auth service's soft delete keeps the row without
 * anything of the person), `kept` (with the reason), `none` (the rule matches, but no person has rows there).
 * `export` says where the archive holds the rows, or null with the reason.
 */
type Coverage = { deletion: 'deleted' | 'uncredited' | 'anonymised' | 'kept' | 'none'; export: string | null; why?: string };
const secret = 'credentials (token hashes, sign-in flows under way): never exported';
const coverage: Record<string, Coverage> = {
  'app.notes.user_id': { deletion: 'deleted', export: 'notes' },
  'app.note_papers.user_id': { deletion: 'deleted', export: 'notes[].papers' },
  'app.library_papers.user_id': { deletion: 'deleted', export: 'library.papers' },
  'app.library_collections.user_id': { deletion: 'deleted', export: 'library.collections' },
  'app.library_collection_papers.user_id': { deletion: 'deleted', export: 'library.papers[].collections' },
  'app.library_paper_files.user_id': { deletion: 'deleted', export: 'library.papers[].files' },
  'app.ai_usage.user_id': { deletion: 'deleted', export: 'usage.ai' },
  'app.ai_message_reservations.user_id': {
    deletion: 'deleted',
    export: null,
    why: 'a hold on one AI message while its answer runs (minutes at most); the message itself is in usage.ai',
  },
  'app.usage_counters.user_id': { deletion: 'deleted', export: 'usage.counters' },
  'app.subscriptions.user_id': { deletion: 'deleted', export: 'usage.plan' },
  'app.billing_customers.user_id': { deletion: 'deleted', export: 'billing.stripeCustomerId' },
  'app.billing_invoices.user_id': { deletion: 'deleted', export: 'billing.invoices' },
  'app.teams.user_id': { deletion: 'deleted', export: 'team.owned' },
  'app.team_members.user_id': { deletion: 'deleted', export: 'team.membership' },
  'app.team_library_papers.added_by': { deletion: 'uncredited', export: 'team.sharedPapers' },
  'app.admin_audit.actor_id': { deletion: 'kept', export: null, why: "the operators' append-only record of what admins did (schema.ts)" },
  'app.admin_audit.target_id': { deletion: 'kept', export: null, why: "the operators' append-only record of what admins did (schema.ts)" },
  'ai.conversations.end_user': { deletion: 'deleted', export: 'ai.conversations' },
  'ai.messages.end_user': { deletion: 'deleted', export: 'ai.conversations[].messages, ai.completions' },
  'ai.files.end_user': { deletion: 'deleted', export: 'ai.files' },
  'ai.workflow_runs.end_user': { deletion: 'deleted', export: 'ai.workflowRuns' },
  'storage.objects.owner': { deletion: 'deleted', export: 'files, profile.pictures' },
  'storage.objects.owner_id': { deletion: 'deleted', export: 'files, profile.pictures' },
  'storage.buckets.owner': { deletion: 'none', export: null, why: 'buckets are the product’s, made by the service role; no person owns one' },
  'storage.buckets.owner_id': { deletion: 'none', export: null, why: 'buckets are the product’s, made by the service role; no person owns one' },
  'auth.identities.user_id': { deletion: 'anonymised', export: 'profile.signInMethods' },
  'auth.sessions.user_id': { deletion: 'deleted', export: 'profile.sessions' },
  'auth.mfa_factors.user_id': { deletion: 'deleted', export: 'profile.twoStepFactors' },
  'auth.refresh_tokens.user_id': { deletion: 'deleted', export: null, why: secret },
  'auth.one_time_tokens.user_id': { deletion: 'deleted', export: null, why: secret },
  'auth.flow_state.user_id': { deletion: 'deleted', export: null, why: secret },
  'auth.flow_state.linking_user_id': { deletion: 'deleted', export: null, why: secret },
};

let llm: OpenAiTestServer;

vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({
  auth: {},
  storage: {},
  ai: async (handle) => {
    llm = await startOpenAiTestServer();
    const sources = sourceRegistry([createLocalSource(handle.db)], 5000);
    return createAiService({ db: handle.db, basePath: '/platform', sources, config: loadAiConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' }) });
  },
  teardown: async () => {
    await api.ai.idle();
    await llm?.close();
  },
  timeout: 120_000,
});

const exportRoute = await import('@/app/api/user/export/route');
const deleteRoute = await import('@/app/api/user/delete-account/route');
const { difyUser } = await import('@/features/ai/server/dify-user');

/** Every user key in the database by the rule above, as `schema.table.column`. */
async function userKeys(): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    api.handle.db,
    sql`select table_schema || '.' || table_name || '.' || column_name as key from information_schema.columns
        where table_schema in ('auth', 'storage', 'ai', 'scholar', 'app')
          and (column_name in ('user_id', 'owner', 'owner_id', 'end_user', 'created_by', 'added_by', 'actor_id', 'target_id') or column_name like '%\\_user\\_id')
        order by 1`,
  );
  return rows.map((row) => row.key);
}

/** Rows whose user key names the person (their id, or their Dify end user for `end_user`). */
async function rowsKeyedBy(key: string, userId: string): Promise<number> {
  const [schema, table, column] = key.split('.') as [string, string, string];
  const value = column === 'end_user' ? difyUser(userId) : userId;
  const [row] = await queryRows<{ n: number }>(
    api.handle.db,
    sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} where ${sql.identifier(column)}::text = ${value}`,
  );
  return row!.n;
}

const post = (path: string, body: unknown) =>
  new NextRequest(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** The part of the archive a path names: `a.b`, or `a[].b` for that field of each item of the list `a`. */
function at(archive: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, part) => {
    const name = part.replace(/\[\]$/, '');
    return Array.isArray(value) ? value.flatMap((item) => (item as Record<string, unknown>)?.[name] ?? []) : (value as Record<string, unknown> | null)?.[name];
  }, archive);
}

it('lists every user key, and covers each by deletion and export', async () => {
  expect(Object.keys(coverage).sort(), 'a table with a user key appeared or went: say in `coverage` how deletion and export reach it').toEqual(
    await userKeys(),
  );

  const client = (): SupabaseClient => api.client();
  const other = await seedEverything({ db: api.handle.db, client: client(), ai: api.ai, label: 'other' });
  const person = await seedEverything({ db: api.handle.db, client: client(), ai: api.ai, label: 'person', sharesWith: other.teamId });
  await api.ai.idle();

  // Every listed key holds rows of the person, and every exported one says where in the archive they are.
  for (const [key, how] of Object.entries(coverage)) {
    if (how.deletion !== 'none') expect(await rowsKeyedBy(key, person.user.id), `${key}: seed-user-data.ts makes no row of it`).toBeGreaterThan(0);
    if (how.export)
      expect(
        person.expectations.some((e) => e.key === key),
        `${key}: no expectation of where the export holds it`,
      ).toBe(true);
    else expect(how.why, `${key}: say why it is not exported`).toBeTruthy();
  }

  api.signIn(person.user);
  const response = await exportRoute.GET(new NextRequest('http://localhost/api/user/export'));
  expect(response.status).toBe(200);
  const archive = await response.json();
  const text = JSON.stringify(archive);
  for (const expectation of person.expectations) {
    expect(JSON.stringify(at(archive, expectation.path) ?? null), `${expectation.key} in ${expectation.path}`).toContain(expectation.needle);
  }
  for (const theirs of other.expectations.filter((e: Expectation) => e.own)) expect(text, `the other person's ${theirs.key}`).not.toContain(theirs.needle);

  const before = new Map<string, number>();
  for (const key of Object.keys(coverage)) before.set(key, await rowsKeyedBy(key, other.user.id));
  const deleted = await deleteRoute.POST(post('/api/user/delete-account', { confirmation: person.email }));
  expect(deleted.status, await deleted.clone().text()).toBe(200);

  for (const [key, how] of Object.entries(coverage)) {
    const left = await rowsKeyedBy(key, person.user.id);
    if (how.deletion === 'kept' || how.deletion === 'anonymised') expect(left, key).toBeGreaterThan(0);
    else expect(left, `${key}: rows of the deleted person are left`).toBe(0);
    // Nobody else lost anything (the other person's team lost only the credit of the paper shared with it).
    expect(await rowsKeyedBy(key, other.user.id), `${key} of the other person`).toBe(before.get(key));
  }
  const [identity] = await queryRows<{ data: unknown; email: string | null }>(
    api.handle.db,
    sql`select identity_data as data, email from auth.identities where user_id = ${person.user.id}::uuid`,
  );
  expect(identity).toMatchObject({ email: null });
  expect(JSON.stringify(identity!.data)).toBe('{}');
  const [shared] = await queryRows<{ n: number }>(
    api.handle.db,
    sql`select count(*)::int as n from app.team_library_papers where team_id = ${other.teamId}::uuid and added_by is null`,
  );
  expect(shared!.n).toBe(1);
}, 120_000);
