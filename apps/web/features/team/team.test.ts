import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { testPapers } from '@/test/fixtures/papers';
import { setUpWebApi } from '@/test/web-api';
import type { SessionUser } from '@/lib/auth/session';
import { libraryPapers, teamLibraryPapers } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';

// Teams of the Team plan against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and the real
// auth service in this process: seats, invitations (the auth service's invite for new addresses, in-product for
// existing accounts), the plan through membership, removal freeing a seat, and the shared library under RLS.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({
  auth: {},
  storage: {},
  setup: () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_team';
  },
  teardown: () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
  },
});

const testCheckout = await import('@/app/api/billing/test-checkout/route');
const simulate = await import('@/app/api/billing/simulate/route');
const subscriptionRoute = await import('@/app/api/user/subscription/route');
const teamRoute = await import('@/app/api/team/route');
const invitations = await import('@/app/api/team/invitations/route');
const invitation = await import('@/app/api/team/invitations/[id]/route');
const accept = await import('@/app/api/team/invitations/[id]/accept/route');
const members = await import('@/app/api/team/members/[id]/route');
const library = await import('@/app/api/team/library/route');
const billingSubscription = await import('@/app/api/billing/subscription/route');
const libraryItem = await import('@/app/api/team/library/[id]/route');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, language = 'en') {
  return new NextRequest(`http://localhost${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  });
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

async function json(response: Response, status = 200): Promise<Json> {
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function newUser(label: string): Promise<SessionUser & { email: string }> {
  const { user, email } = await api.signUp(label, { signIn: false });
  return { ...user, email };
}

const as = <T>(user: SessionUser, fn: () => Promise<T>): Promise<T> => {
  api.signIn(user);
  return fn();
};

async function buyTeam(owner: SessionUser, seats: number) {
  await as(owner, async () =>
    json(
      await testCheckout.POST(
        call('POST', '/api/billing/test-checkout', { plan: 'team', interval: 'monthly', currency: 'usd', seats, card: '4242 4242 4242 4242' }),
      ),
    ),
  );
}

const team = async (user: SessionUser) => (await as(user, async () => json(await teamRoute.GET(call('GET', '/api/team'))))).team as Json;
const planOf = async (user: SessionUser) => (await as(user, async () => json(await subscriptionRoute.GET(call('GET', '/api/user/subscription'))))) as Json;
const invite = (owner: SessionUser, email: string, language = 'en') =>
  as(owner, () => invitations.POST(call('POST', '/api/team/invitations', { email }, language)));

async function saveToOwnLibrary(user: SessionUser, index: number) {
  const paper = testPapers[index]!;
  await runAsUser(api.handle, user.claims, (db) => db.insert(libraryPapers).values({ userId: user.id, paperId: paper.id, paper }));
  return paper;
}

/** Whether a write failed on a row-level security policy (drizzle wraps the database's error as the cause). */
async function refusedByRls(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch (error) {
    return /row-level security/.test(String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message));
  }
}

describe('a Team subscription', () => {
  it('makes a team of the owner, with the seats bought', async () => {
    const owner = await newUser('owner');
    expect((await team(owner)).role).toBeNull();
    await buyTeam(owner, 3);
    const view = await team(owner);
    expect(view).toMatchObject({ role: 'owner', active: true, seats: { total: 3, used: 1 }, invitations: [] });
    expect(view.members).toEqual([expect.objectContaining({ userId: owner.id, email: owner.email, role: 'owner' })]);
  });

  it('invites by email until the seats are taken, then refuses clearly; revoking frees a seat', async () => {
    const owner = await newUser('full');
    await buyTeam(owner, 2);
    const invited = `new.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const first = await json(await invite(owner, invited.toUpperCase()));
    expect(first).toMatchObject({ mailed: true, invitation: { email: invited } });
    // The auth service created the invited account (no password yet) and mailed its invitation.
    const [account] = await queryRows<{ invited_at: Date | null }>(api.handle.db, sql`select invited_at from auth.users where email = ${invited}`);
    expect(account?.invited_at).not.toBeNull();
    expect((await team(owner)).seats).toEqual({ total: 2, used: 2 });

    const refused = await json(await invite(owner, 'someone.else@example.com'), 409);
    expect(refused.error).toMatchObject({ code: 'team_full', message: expect.stringMatching(/Every seat of your team is taken/) });
    const refusedZh = await json(await invite(owner, 'someone.else@example.com', 'zh-CN'), 409);
    expect(refusedZh.error.message).toMatch(/席位已全部/);

    await as(owner, async () => json(await invitation.DELETE(call('DELETE', `/api/team/invitations/${first.invitation.id}`), ctx(first.invitation.id))));
    expect((await team(owner)).seats).toEqual({ total: 2, used: 1 });
    expect((await json(await invite(owner, 'someone.else@example.com'))).mailed).toBe(true);
  });

  it('changes the seat count of the plan, never below the seats the team fills', async () => {
    const owner = await newUser('seats');
    await buyTeam(owner, 3);
    await json(await invite(owner, `seat.${Math.random().toString(36).slice(2, 8)}@example.com`));
    const change = (seats: number) =>
      as(owner, () => billingSubscription.POST(call('POST', '/api/billing/subscription', { action: 'change', plan: 'team', interval: 'monthly', seats })));
    // The owner and one invitation: two seats in use.
    expect((await json(await change(1), 409)).error.code).toBe('team_seats_in_use');
    expect((await team(owner)).seats).toEqual({ total: 3, used: 2 });
    await json(await change(2));
    expect((await team(owner)).seats).toEqual({ total: 2, used: 2 });
    expect((await planOf(owner)).seats).toBe(2);
    await json(await change(5));
    expect((await team(owner)).seats).toEqual({ total: 5, used: 2 });
  });

  it('refuses invitations from someone who does not pay for Team, and bad addresses', async () => {
    const free = await newUser('free');
    expect((await json(await invite(free, 'x@example.com'), 403)).error.code).toBe('forbidden');
    const owner = await newUser('typo');
    await buyTeam(owner, 2);
    expect((await json(await invite(owner, 'not-an-address'), 400)).error.issues[0]).toMatchObject({ path: 'email', code: 'email_invalid' });
  });
});

describe('members', () => {
  it('an existing account accepts in the product, gets Team, shares papers with the team; removal frees the seat and the plan', async () => {
    const owner = await newUser('lead');
    const member = await newUser('member');
    const outsider = await newUser('outsider');
    await buyTeam(owner, 2);
    const sent = await json(await invite(owner, member.email));
    // An address with an account already: no mail, the invitation waits on that account's team page.
    expect(sent.mailed).toBe(false);
    const mine = await team(member);
    expect(mine.invitationsForMe).toEqual([{ id: sent.invitation.id, ownerEmail: owner.email }]);
    // Only the invited address can accept.
    expect((await as(outsider, () => accept.POST(call('POST', `/api/team/invitations/${sent.invitation.id}/accept`), ctx(sent.invitation.id)))).status).toBe(
      404,
    );
    await as(member, async () => json(await accept.POST(call('POST', `/api/team/invitations/${sent.invitation.id}/accept`), ctx(sent.invitation.id))));

    expect(await team(member)).toMatchObject({ role: 'member', active: true, seats: { total: 2, used: 2 }, invitationsForMe: [] });
    expect(await planOf(member)).toMatchObject({ plan: { id: 'team', features: { sharedLibraries: true } }, through_team: true });
    expect((await planOf(outsider)).plan.id).toBe('free');

    // The member shares a paper of their own library; the owner sees it with who added it.
    const paper = await saveToOwnLibrary(member, 0);
    const shared = await as(member, async () => json(await library.POST(call('POST', '/api/team/library', { paperId: paper.id }))));
    expect(shared.paper).toMatchObject({ paperId: paper.id, addedByEmail: member.email });
    const ownerView = await as(owner, async () => json(await library.GET(call('GET', '/api/team/library'))));
    expect(ownerView.papers).toEqual([expect.objectContaining({ paperId: paper.id, addedBy: member.id })]);
    // A paper that is not in the adder's own library cannot be shared.
    expect((await as(owner, () => library.POST(call('POST', '/api/team/library', { paperId: testPapers[1]!.id })))).status).toBe(404);

    // Row Level Security: someone outside the team neither reads nor writes the team's library.
    expect((await as(outsider, async () => json(await library.GET(call('GET', '/api/team/library'))))).papers).toEqual([]);
    const teamId = (await queryRows<{ team_id: string }>(api.handle.db, sql`select team_id from app.team_members where user_id = ${owner.id}`))[0]!.team_id;
    expect(await runAsUser(api.handle, outsider.claims, (db) => db.select().from(teamLibraryPapers))).toEqual([]);
    expect(
      await refusedByRls(
        runAsUser(api.handle, outsider.claims, (db) =>
          db.insert(teamLibraryPapers).values({ teamId, paperId: 'x', paper: testPapers[2]!, addedBy: outsider.id }),
        ),
      ),
    ).toBe(true);
    // Nor can a member write a row in someone else's name.
    expect(
      await refusedByRls(
        runAsUser(api.handle, member.claims, (db) => db.insert(teamLibraryPapers).values({ teamId, paperId: 'y', paper: testPapers[2]!, addedBy: owner.id })),
      ),
    ).toBe(true);
    expect(await runAsUser(api.handle, outsider.claims, (db) => db.delete(teamLibraryPapers).returning())).toEqual([]);

    // A full team; the owner removes the member: the seat is free, the member is back on Free and outside.
    expect((await json(await invite(owner, 'third@example.com'), 409)).error.code).toBe('team_full');
    expect((await as(member, () => members.DELETE(call('DELETE', `/api/team/members/${owner.id}`), ctx(owner.id)))).status).toBe(403);
    await as(owner, async () => json(await members.DELETE(call('DELETE', `/api/team/members/${member.id}`), ctx(member.id))));
    expect((await team(owner)).seats).toEqual({ total: 2, used: 1 });
    expect((await planOf(member)).plan.id).toBe('free');
    expect((await as(member, async () => json(await library.GET(call('GET', '/api/team/library'))))).papers).toEqual([]);
    // The papers the member shared stay with the team.
    expect((await as(owner, async () => json(await library.GET(call('GET', '/api/team/library'))))).papers).toHaveLength(1);
    expect((await json(await invite(owner, 'third@example.com'))).mailed).toBe(true);
  });

  it('when the Team subscription ends, members are back on Free and the shared library is read-only, nothing deleted', async () => {
    const owner = await newUser('ending');
    const member = await newUser('staying');
    await buyTeam(owner, 2);
    const sent = await json(await invite(owner, member.email));
    await as(member, async () => json(await accept.POST(call('POST', `/api/team/invitations/${sent.invitation.id}/accept`), ctx(sent.invitation.id))));
    const paper = await saveToOwnLibrary(owner, 1);
    const shared = await as(owner, async () => json(await library.POST(call('POST', '/api/team/library', { paperId: paper.id }))));

    await as(owner, async () => json(await simulate.POST(call('POST', '/api/billing/simulate', { event: 'period_end' }))));
    expect((await planOf(member)).plan.id).toBe('free');
    expect(await team(member)).toMatchObject({ role: 'member', active: false });
    const second = await saveToOwnLibrary(member, 2);
    const refused = await as(member, async () => json(await library.POST(call('POST', '/api/team/library', { paperId: second.id })), 429));
    expect(refused.error).toMatchObject({ code: 'plan_limit_reached', limit: { feature: 'sharedLibraries', used: 1 } });
    expect(refused.error.message).toMatch(/Nothing is deleted/);
    expect((await as(owner, () => libraryItem.DELETE(call('DELETE', `/api/team/library/${shared.paper.id}`), ctx(shared.paper.id)))).status).toBe(429);
    expect((await as(member, async () => json(await library.GET(call('GET', '/api/team/library'))))).papers).toHaveLength(1);
    // Accepting an invitation to a team that no longer pays is refused.
    const late = await newUser('late');
    await queryRows(
      api.handle.db,
      sql`insert into app.team_invitations (team_id, email) select team_id, ${late.email} from app.team_members where user_id = ${owner.id}`,
    );
    const pending = (await team(late)).invitationsForMe[0];
    const lateAnswer = await as(late, async () => json(await accept.POST(call('POST', `/api/team/invitations/${pending.id}/accept`), ctx(pending.id)), 409));
    expect(lateAnswer.error.code).toBe('team_inactive');
  });

  it('names each refused invitation, acceptance and leave by a code of its own, in both languages', async () => {
    const owner = await newUser('apart');
    await buyTeam(owner, 3);
    // Inviting oneself is not "changed in the meantime": the owner reads that they are on the team already.
    const self = await json(await invite(owner, owner.email), 409);
    expect(self.error).toMatchObject({ code: 'team_self_invite', message: expect.stringMatching(/You are the owner of this team/) });
    expect((await json(await invite(owner, owner.email, 'zh-CN'), 409)).error.message).toMatch(/你是这个团队的所有者/);

    const member = await newUser('apart-member');
    const sent = await json(await invite(owner, member.email));
    await as(member, async () => json(await accept.POST(call('POST', `/api/team/invitations/${sent.invitation.id}/accept`), ctx(sent.invitation.id))));
    const again = await json(await invite(owner, member.email), 409);
    expect(again.error).toMatchObject({ code: 'team_member_exists', message: expect.stringMatching(/a member of your team already/) });

    const leaving = await as(owner, async () => json(await members.DELETE(call('DELETE', `/api/team/members/${owner.id}`), ctx(owner.id)), 409));
    expect(leaving.error).toMatchObject({ code: 'team_owner_leaving', message: expect.stringMatching(/cannot leave your team/) });

    // A member of one team invited to another is told to leave the first.
    const other = await newUser('apart-other');
    await buyTeam(other, 2);
    const second = await json(await invite(other, member.email));
    const joined = await as(member, async () =>
      json(await accept.POST(call('POST', `/api/team/invitations/${second.invitation.id}/accept`, undefined, 'zh-CN'), ctx(second.invitation.id)), 409),
    );
    expect(joined.error).toMatchObject({ code: 'team_already_joined', message: expect.stringMatching(/你已经在一个团队中/) });
  });
});
