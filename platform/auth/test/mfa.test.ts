// TOTP enrolment to aal2, challenges bound to the caller, unenrolment (docs/protocols/supabase-auth.md §3.15, §6.6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../src/security/totp';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth({ AUTH_MAILER_AUTOCONFIRM: 'true' });
});
afterAll(() => h.close());

async function signedInUser() {
  const email = uniqueEmail('mfa');
  const client = h.client();
  await client.auth.signUp({ email, password: STRONG });
  return { client, email };
}

describe('TOTP', () => {
  it('enrols, verifies to aal2 and ends the other aal1 sessions', async () => {
    const { client, email } = await signedInUser();
    const other = h.client();
    await other.auth.signInWithPassword({ email, password: STRONG });

    const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(factor!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor!.totp.uri).toMatch(/^otpauth:\/\/totp\/localhost%3A3000:|^otpauth:\/\/totp\/localhost:3000:/);

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const wrong = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: '000000' });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const { data: session, error: verifyError } = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: currentTotp(factor!.totp.secret),
    });
    expect(verifyError).toBeNull();
    expect(session!.access_token).toBeTruthy();

    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(level!.currentAuthenticationMethods[0]).toMatchObject({ method: 'totp' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp).toHaveLength(1);

    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    // A fresh password sign-in is aal1 with aal2 as the next level, and may not change the password.
    const fresh = h.client();
    const signedIn = await fresh.auth.signInWithPassword({ email, password: STRONG });
    // The sign-in answer's user (read before the password check, with its factors) is the user as GET /user has it.
    expect(signedIn.data.user!.factors?.map((f) => f.id)).toEqual([factor!.id]);
    expect(signedIn.data.user).toEqual((await fresh.auth.getUser()).data.user);
    const { data: freshLevel } = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(freshLevel).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await fresh.auth.updateUser({ password: 'other-Passw0rd-x' })).error?.code).toBe('insufficient_aal');
    expect((await fresh.auth.mfa.unenroll({ factorId: factor!.id })).error?.code).toBe('insufficient_aal');

    // aal2 survives a refresh.
    const refreshed = await client.auth.refreshSession();
    const claims = JSON.parse(Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['totp', 'password']);

    // Unenrolling takes the factor's authentication out of the session, as GoTrue does: the next token is
    // aal1 and lists only the methods that remain.
    expect((await client.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    const after = await client.auth.refreshSession();
    const downgraded = JSON.parse(Buffer.from(after.data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(downgraded.aal).toBe('aal1');
    expect(downgraded.amr.map((entry: { method: string }) => entry.method)).toEqual(['password']);
    const { data: afterLevel } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(afterLevel).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(afterLevel!.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toEqual(['password']);
  });

  it('binds challenges to the caller address and refuses reuse', async () => {
    const { client } = await signedInUser();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const challenge = await h.fetch(`${AUTH}/factors/${factor!.id}/challenge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.1.1.1' },
      body: '{}',
    });
    const { id } = (await challenge.json()) as { id: string };
    const elsewhere = await h.fetch(`${AUTH}/factors/${factor!.id}/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.2.2.2', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ challenge_id: id, code: currentTotp(factor!.totp.secret) }),
    });
    expect((await elsewhere.json()).code).toBe('mfa_ip_address_mismatch');
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');
  });

  it("lets an admin list and delete a user's factors", async () => {
    const { client } = await signedInUser();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' });
    const userId = (await client.auth.getUser()).data.user!.id;
    const admin = h.admin().auth.admin.mfa;
    const { data: listed } = await admin.listFactors({ userId });
    expect(listed!.factors.map((f) => f.id)).toEqual([factor!.id]);
    expect((await admin.deleteFactor({ userId, id: factor!.id })).error).toBeNull();
    expect((await admin.listFactors({ userId })).data!.factors).toEqual([]);
  });
});
