import { nameProblem, typeAllowed } from '@/lib/files/file-keys';
import type { FilesUsage } from '../types';

export type Refusal = 'name' | 'type' | 'tooLarge' | 'quota';

/**
 * Why a file would be refused, known before a byte is sent: its name, the bucket's types and size limit, and what
 * is left of the plan's quota after the uploads already under way (`pendingBytes`). The service checks again.
 */
export function refusalOf(file: { name: string; size: number }, type: string, usage: FilesUsage | undefined, pendingBytes = 0): Refusal | null {
  if (nameProblem(file.name)) return 'name';
  if (!usage) return null;
  if (!typeAllowed(usage.allowedMimeTypes, type)) return 'type';
  if (usage.fileSizeLimit !== null && file.size > usage.fileSizeLimit) return 'tooLarge';
  if (usage.quotaBytes !== null && usage.usedBytes + pendingBytes + file.size > usage.quotaBytes) return 'quota';
  return null;
}
