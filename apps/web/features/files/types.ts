import type { PlanId } from '@/config/plans';

/** GET /api/files/usage: the user's storage against their plan, and the bucket's limits. */
export type FilesUsage = {
  planId: PlanId;
  usedBytes: number;
  /** The plan's `storageMb` in bytes; null without a limit. */
  quotaBytes: number | null;
  /** The largest file the bucket takes, in bytes; null without a limit of its own. */
  fileSizeLimit: number | null;
  /** The types the bucket takes (`image/*` wildcards allowed); null takes all. */
  allowedMimeTypes: string[] | null;
};
