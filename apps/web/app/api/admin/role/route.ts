import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { changeAdminRole, UnknownAccountError } from '@/features/admin/change-role';
import { appendAudit } from '@/features/admin/server/audit';
import { adminAuthSettings } from '@/lib/supabase/admin-client';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

const roleSchema = z.object({ email: z.email({ message: 'email_invalid' }), admin: z.boolean() });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// POST /api/admin/role – grant or revoke the admin role (`npm run admin:grant`/`admin:revoke` while the server runs).
// Only for the holder of the service-role key (a bearer token, no cookies: cross-site checks do not apply).
export const POST = route(
  { input: roleSchema, crossSite: 'allow', rateLimit: [{ name: 'admin-role', points: 30, durationSeconds: 60 }] },
  async ({ input, request, ip }) => {
    const settings = await adminAuthSettings();
    const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!bearer) throw new AppError('unauthorized');
    if (!sameSecret(bearer, settings.serviceRoleKey)) throw new AppError('forbidden');
    try {
      const change = await changeAdminRole(settings, input.email, input.admin);
      if (change.before !== change.admin) {
        await appendAudit({
          actor: { id: null, email: null },
          action: change.admin ? 'role.grant' : 'role.revoke',
          target: { id: change.id, email: change.email },
          before: { admin: change.before },
          after: { admin: change.admin, via: 'command line' },
          ip,
        });
      }
      return change;
    } catch (error) {
      if (error instanceof UnknownAccountError) throw new AppError('not_found', { message: error.message });
      throw error;
    }
  },
);

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
