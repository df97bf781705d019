import 'server-only';
import path from 'node:path';
import { createAiService, type AiService } from '@citewise/platform-ai';
import { createAuthService, loadAuthConfig, type AuthService } from '@citewise/platform-auth';
import { createStorageService, type StorageService } from '@citewise/platform-storage';
import { embeddedAuthEnabled } from './embedded';
import { appDatabase } from '@/lib/db/database';
import { productHooks } from './product-hooks';

export { embeddedAuthEnabled };

/**
 * The platform services this server mounts under /platform (docs/architecture.md §1: one process by default). The
 * product itself talks to them in their HTTP protocol through @supabase/supabase-js, exactly as to hosted Supabase:
 * browsers over the network, server code by handing its Requests to the service in this process
 * (auth-fetch.ts). Only this mount point imports platform code.
 */
interface Platform {
  auth: AuthService;
  /**
   * Supabase Storage at /platform/storage/v1, trusting the tokens this auth service signs while their session lives;
   * the plan's `storageMb` caps `files`.
   */
  storage: StorageService;
}

const registry = globalThis as typeof globalThis & { __citewisePlatform?: Promise<Platform>; __citewiseAi?: Promise<AiService> };

const dataDir = () => path.resolve(process.env.DATA_DIR?.trim() || '.data');

export function platform(): Promise<Platform> {
  registry.__citewisePlatform ??= (async () => {
    const handle = await appDatabase();
    const { storageQuota, sessionActive } = await productHooks();
    // Mailed links without PKCE (the ones an admin sends) lead to the product's token-hash page, /api/auth/confirm.
    const config = loadAuthConfig({ AUTH_MAILER_CONFIRM_URL: '/api/auth/confirm', ...process.env });
    const auth = await createAuthService({ db: handle.db, config, dataDir: dataDir(), basePath: '/platform' });
    if (auth.mailboxKey) {
      // The key opens every user's mail: shown once, to whoever reads this server's output.
      const inbox = `${auth.config.siteUrl}/platform/mailbox?key=${encodeURIComponent(auth.mailboxKey)}`;
      console.warn(
        `[auth] mail and SMS go to the dev mailbox, open to this link only: ${inbox} — configure SMTP_URL / AUTH_SMS_PROVIDER before real users sign up.`,
      );
    }
    const storage = await createStorageService({
      db: handle.db,
      dataDir: dataDir(),
      basePath: '/platform',
      jwtKeys: auth.keys.verifyKeys,
      quota: storageQuota(handle),
      // The product's own session check, with its shared cache: a token whose session ended writes no more objects.
      sessionActive,
    });
    return { auth, storage };
  })().catch((error: unknown) => {
    registry.__citewisePlatform = undefined;
    throw error;
  });
  return registry.__citewisePlatform;
}

/**
 * The embedded Dify-compatible AI runtime at /platform/ai/v1. It runs whatever auth server the product uses, and
 * searches the literature through the product's one source registry (shared rate limits for online sources).
 */
export function aiPlatform(): Promise<AiService> {
  registry.__citewiseAi ??= (async () => {
    const handle = await appDatabase();
    const { scholarSources, userLibrary, libraryPapers } = await productHooks();
    // A library paper's PDF is read from the storage service's blobs in this process, after the product found its
    // object as the user (features/ai/server/library-papers.ts).
    const readBytes = async (version: string) => Buffer.concat(await (await (await platform()).storage.context.blobs.read(version)).toArray());
    const ai = await createAiService({
      db: handle.db,
      dataDir: dataDir(),
      basePath: '/platform',
      sources: await scholarSources(),
      library: userLibrary(handle),
      libraryPapers: libraryPapers(handle, readBytes),
    });
    if (!ai.config.LLM_BASE_URL) {
      console.warn(
        '[ai] no model configured (LLM_BASE_URL): the research assistant answers with extracts from papers; the writing and workflow apps answer provider_not_initialize.',
      );
    }
    return ai;
  })().catch((error: unknown) => {
    registry.__citewiseAi = undefined;
    throw error;
  });
  return registry.__citewiseAi;
}
