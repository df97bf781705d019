// platform/ai: an embedded app runtime speaking the Dify service API.
//
//   const ai = await createAiService({ db, dataDir: '.data', basePath: '/platform' });
//   ai.fetch(request)  // serves `${basePath}/ai/v1/*`
import { Hono } from 'hono';
import type { Database } from '@citewise/db';
import { createSources, llmTranslatorFromEnv, sourcesConfigFromEnv, type SourceRegistry } from '@citewise/scholar';
import { createAiApp } from './app';
import { appDefinitions } from './apps/definitions';
import { loadAiConfig, type AiConfig } from './config';
import type { AiContext } from './context';
import { deleteEndUserData, exportEndUserData } from './end-user-data';
import { loadAppKeys, type AppKeys } from './keys';
import type { UserLibrary } from './research/library';
import type { LibraryPapers } from './chat/library-papers';
import { redisStopBus, TaskRegistry, type StopBus } from './stream/tasks';

export { migrations } from './db/migrations';
export { loadAiConfig, AiConfigError, type AiConfig } from './config';
export { loadAppKeys, type AppKeys } from './keys';
export { appDefinitions, appById } from './apps/definitions';
export type { AppDefinition, DifyMode, FormItem } from './apps/types';
export type { LibraryEntry, UserLibrary } from './research/library';
export type { ChosenPaper, LibraryChoice, LibraryPaperFile, LibraryPapers } from './chat/library-papers';
export { MAX_LIBRARY_PAPERS } from './chat/library-papers';

export interface AiServiceOptions {
  db: Database;
  config?: AiConfig;
  /** Where generated app keys are kept; without it keys live in memory (tests). */
  dataDir?: string;
  keys?: AppKeys;
  /**
   * The literature sources the retrieval tool searches, with their query translator; by default the local corpus
   * plus SCHOLAR_SOURCES, translating with the model of the LLM_* settings as literature search does.
   */
  sources?: SourceRegistry;
  /** Path prefix the service is mounted under, e.g. `/platform`. */
  basePath?: string;
  /** The end user's library for the research assistant's "search my library" (the product supplies it). */
  library?: UserLibrary;
  /** The end user's chosen library papers and their PDFs, for "Chat with a paper" (the product supplies them). */
  libraryPapers?: LibraryPapers;
  /**
   * How a stop reaches the instance that runs the task: by default Redis pub/sub when REDIS_URL is set (several
   * instances), else nothing beyond this process.
   */
  stopBus?: StopBus;
  /**
   * Addresses a `remote_url` file may be fetched from although they are loopback or private. For tests against
   * servers on this machine only; the product never sets it.
   */
  remoteFileAllowAddresses?: readonly string[];
}

export interface AiService {
  fetch(request: Request): Promise<Response>;
  config: AiConfig;
  keys: AppKeys;
  context: AiContext;
  /**
   * Every row kept for one end user (Dify's `user`), table by table, without file bytes: for the host's data export.
   * Dify's API has no call for this (nor for deleting completion messages, workflow runs or files); the host calls it
   * in process.
   */
  exportEndUser(endUser: string): Promise<Record<string, Record<string, unknown>[]>>;
  /** Deletes everything kept for one end user, in every table of the schema; safe to run again. Counts per table. */
  deleteEndUser(endUser: string): Promise<Record<string, number>>;
  /** Resolves once background work (conversation titles) has finished. */
  idle(): Promise<void>;
  /** Closes the stop bus's connections. */
  close(): Promise<void>;
}

/** The model translator of the LLM_* settings (SEARCH_LLM_TRANSLATION=off: none), as literature search has it. */
function defaultTranslator(config: AiConfig): SourceRegistry['translate'] {
  const translate = llmTranslatorFromEnv(config.env);
  return translate ? (query, signal) => translate(query, { signal }) : undefined;
}

export async function createAiService(options: AiServiceOptions): Promise<AiService> {
  const config = options.config ?? loadAiConfig();
  const keys = options.keys ?? (await loadAppKeys({ dataDir: options.dataDir, env: config.env }));
  const pending = new Set<Promise<unknown>>();
  const redisUrl = config.env.REDIS_URL?.trim();
  const stopBus = options.stopBus ?? (redisUrl ? redisStopBus(redisUrl) : undefined);
  let sources: Promise<SourceRegistry> | undefined = options.sources ? Promise.resolve(options.sources) : undefined;
  const context: AiContext = {
    config,
    db: options.db,
    keys,
    appsByKey: new Map(appDefinitions.map((app) => [keys[app.id]!, app])),
    tasks: new TaskRegistry(stopBus),
    library: options.library,
    libraryPapers: options.libraryPapers,
    remoteFileAllowAddresses: options.remoteFileAllowAddresses ?? [],
    sources: () => (sources ??= Promise.resolve(createSources(sourcesConfigFromEnv(config.env), { db: options.db, translate: defaultTranslator(config) }))),
    background(work) {
      const tracked = work.catch((error: unknown) => console.error('[ai] background work failed:', error)).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };
  const root = new Hono().basePath(options.basePath ?? '');
  root.route('/ai/v1', createAiApp(context));
  return {
    fetch: async (request) => root.fetch(request),
    config,
    keys,
    context,
    exportEndUser: (endUser) => exportEndUserData(options.db, endUser),
    deleteEndUser: (endUser) => deleteEndUserData(options.db, endUser),
    idle: async () => {
      while (pending.size) await Promise.all(pending);
    },
    close: () => context.tasks.close(),
  };
}
