import 'server-only';
import type { DatabaseHandle } from '@citewise/db';
import type { LibraryPapers, UserLibrary } from '@citewise/platform-ai';
import type { SessionCheck } from '@citewise/platform-storage';
import type { SourceRegistry } from '@citewise/scholar';

/**
 * What the embedded platform services need of the product: the storage quota a user's plan allows, the one
 * literature source registry, a user's library for the research assistant and the papers chosen for a chat, and the session check. They come from
 * features (which `lib/` never imports, docs/architecture.md §6.12) and from the session check (which itself reaches
 * the services), so whoever starts the code — the server's instrumentation, the web tests' setup — provides them
 * once with {@link provideProductHooks}.
 */
export type ProductHooks = {
  storageQuota: (handle: DatabaseHandle) => (ownerId: string) => Promise<number | null>;
  scholarSources: () => Promise<SourceRegistry>;
  userLibrary: (handle: DatabaseHandle) => UserLibrary;
  /** The papers a user chose for "Chat with a paper", with their PDFs' bytes read through `readBytes` (storage's). */
  libraryPapers: (handle: DatabaseHandle, readBytes: (version: string) => Promise<Uint8Array>) => LibraryPapers;
  sessionActive: SessionCheck;
};

// On globalThis, as the services' registry: Next loads a module once per bundle, and every bundle must see them.
const registry = globalThis as typeof globalThis & { __citewiseProductHooks?: () => Promise<ProductHooks> };

/** Gives the platform services the product's hooks; `load` runs when a service is first built. */
export function provideProductHooks(load: () => Promise<ProductHooks>): void {
  registry.__citewiseProductHooks = load;
}

/** The product's hooks, or an error naming what was forgotten. */
export function productHooks(): Promise<ProductHooks> {
  const load = registry.__citewiseProductHooks;
  if (!load) throw new Error('citewise: the platform services were started before provideProductHooks() (see platform-hooks.ts)');
  return load();
}
