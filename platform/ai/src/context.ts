import type { Database } from '@citewise/db';
import type { SourceRegistry } from '@citewise/scholar';
import type { AppDefinition } from './apps/types';
import type { AiConfig } from './config';
import type { AppKeys } from './keys';
import type { UserLibrary } from './research/library';
import type { LibraryPapers } from './chat/library-papers';
import type { TaskRegistry } from './stream/tasks';

/** Everything a handler needs, built once by `createAiService`. */
export interface AiContext {
  config: AiConfig;
  db: Database;
  keys: AppKeys;
  /** The app each key opens. */
  appsByKey: Map<string, AppDefinition>;
  tasks: TaskRegistry;
  /** The literature sources the retrieval tool searches (local corpus plus the switched-on online sources). */
  sources: () => Promise<SourceRegistry>;
  /** The end user's saved papers, searched by the research assistant when asked; absent, no library. */
  library?: UserLibrary;
  /** The end user's chosen library papers with their PDFs, for a chat about them; absent, none can be chosen. */
  libraryPapers?: LibraryPapers;
  /** Test-only exceptions to the refused addresses of `remote_url` files (none in the product). */
  remoteFileAllowAddresses: readonly string[];
  /** Work that outlives its request (conversation titles); tracked so tests and shutdown can wait for it. */
  background: (work: Promise<unknown>) => void;
}

export type AiEnv = { Variables: { app: AppDefinition } };
