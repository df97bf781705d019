import 'server-only';
import { createSources, sourcesConfigFromEnv, type SourceRegistry } from '@citewise/scholar';
import { appDatabase } from '@/lib/db/database';
import { sharedQueryTranslator } from './query-translator';

const holder = globalThis as typeof globalThis & { __citewiseSources?: Promise<SourceRegistry> };

/**
 * The switched-on literature sources (the local corpus always; online ones by SCHOLAR_SOURCES). One registry per
 * process: each online source keeps its own rate limiter and Retry-After state. Its query translator is search's
 * (with a model configured), so the research assistant's retrieval translates as search does.
 */
export function scholarSources(): Promise<SourceRegistry> {
  holder.__citewiseSources ??= appDatabase()
    .then((handle) => createSources(sourcesConfigFromEnv(), { db: handle.db, translate: sharedQueryTranslator() }))
    .catch((error: unknown) => {
      holder.__citewiseSources = undefined;
      throw error;
    });
  return holder.__citewiseSources;
}
