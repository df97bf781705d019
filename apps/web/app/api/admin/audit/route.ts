import { listAuditSchema } from '@/features/admin/schema';
import { adminRateLimit } from '@/features/admin/route-params';
import { auditCsv, listAudit } from '@/features/admin/server/audit';
import { route } from '@/lib/route';
import { otherMethods } from '@/lib/method-not-allowed';

/** The most rows one CSV export holds (newest first); the filters narrow an export down. */
const CSV_ROWS = 10_000;

// GET /api/admin/audit – the audit log newest first (page, per_page, action, target); format=csv exports it
export const GET = route({ input: listAuditSchema, auth: 'admin', rateLimit: adminRateLimit }, async ({ input }) => {
  if (input.format === 'json') return listAudit(input);
  const { entries } = await listAudit({ ...input, page: 1, per_page: CSV_ROWS });
  return new Response(auditCsv(entries), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="citewise-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
});

// Any other method – 405 `method_not_allowed` with the Allow header (lib/method-not-allowed.ts)
export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
