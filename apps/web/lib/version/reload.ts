/** Reloads are at most this often, so a chunk that keeps failing cannot trap the page in a loop. */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'citewise:last-reload';

/** Errors thrown when a code chunk of the running build can no longer be loaded. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  const name = typeof reason === 'object' && 'name' in reason ? String(reason.name) : '';
  const message = typeof reason === 'object' && 'message' in reason ? String(reason.message) : String(reason);
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message)
  );
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Calls `reload` unless a reload happened within the guard window; returns whether it did. */
export function reloadOnce(store: Store, reload: () => void, now = Date.now()): boolean {
  const last = Number(store.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
