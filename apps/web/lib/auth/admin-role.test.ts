import { describe, expect, it } from 'vitest';
import { isAdminAccount } from './admin-role';

describe('isAdminAccount', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('takes the app_metadata mark, or a confirmed address from ADMIN_EMAILS', () => {
    expect(isAdminAccount({ app_metadata: { admin: true } }, [], now)).toBe(true);
    expect(isAdminAccount({ app_metadata: { admin: 'true' } }, [], now)).toBe(false);
    expect(isAdminAccount({ email: 'Ops@Example.com', email_confirmed_at: '2026-01-01T00:00:00Z' }, ['ops@example.com'], now)).toBe(true);
    expect(isAdminAccount({ email: 'ops@example.com', email_confirmed_at: null }, ['ops@example.com'], now)).toBe(false);
    expect(isAdminAccount({ email: 'other@example.com', email_confirmed_at: '2026-01-01T00:00:00Z' }, ['ops@example.com'], now)).toBe(false);
  });
  it('never counts a banned or deleted account', () => {
    expect(isAdminAccount({ app_metadata: { admin: true }, banned_until: '2026-11-26T00:00:00Z' }, [], now)).toBe(false);
    expect(isAdminAccount({ app_metadata: { admin: true }, banned_until: '2026-11-24T00:00:00Z' }, [], now)).toBe(true);
    expect(isAdminAccount({ app_metadata: { admin: true }, deleted_at: '2026-11-24T00:00:00Z' }, [], now)).toBe(false);
  });
});
