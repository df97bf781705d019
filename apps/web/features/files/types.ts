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

/** A file of My files as the database has it now (renames and moves keep its id). */
export type StoredFile = {
  /** The storage object's id: stable across renames and moves. */
  objectId: string;
  /** The object key in the `files` bucket, for a signed link. */
  key: string;
  name: string;
  /** The folders it is in, from the top of My files. */
  folder: string[];
  size: number;
  type: string;
  updatedAt: string | null;
};

/** A stored file as the file list shows it. */
export type FileEntry = { key: string; name: string; size: number; type: string; updatedAt: string };
