/**
 * What went wrong with a storage call, as a `files.problem.*` message key. The storage service answers in Supabase
 * Storage's shape (`{ statusCode, code, error, message }`); supabase-js keeps `statusCode`, and the upload, which
 * reads the body itself, also has `code`.
 */
export type StorageProblem = 'quota' | 'tooLarge' | 'type' | 'exists' | 'notFound' | 'denied' | 'network' | 'failed';

export function storageProblem(error: { statusCode?: string | number; code?: string } | null | undefined): StorageProblem {
  if (!error) return 'failed';
  if (error.code === 'QuotaExceeded') return 'quota';
  switch (String(error.statusCode ?? '')) {
    case '413':
      return 'tooLarge';
    case '415':
      return 'type';
    case '409':
      return 'exists';
    case '404':
      return 'notFound';
    case '401':
    case '403':
      return 'denied';
    case '0':
      return 'network';
    default:
      return 'failed';
  }
}

/** A storage call that failed, carrying its problem. */
export class StorageCallError extends Error {
  constructor(readonly problem: StorageProblem) {
    super(problem);
    this.name = 'StorageCallError';
  }
}

/** supabase-js's `{ data, error }` as data, or a StorageCallError. */
export function unwrap<T>(result: { data: T | null; error: ({ statusCode?: string } & Error) | null }): T {
  if (result.error) throw new StorageCallError(storageProblem(result.error));
  return result.data as T;
}
