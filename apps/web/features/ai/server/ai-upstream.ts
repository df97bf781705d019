import 'server-only';
import { z } from 'zod';
import { aiApps } from '@/config/ai-apps';
import { embeddedAiUpstream } from '@/lib/platform/ai-fetch';

/** Where one AI app's Dify service API answers, and with which key; never leaves the server. */
export type AiUpstream = {
  /** The service API's base URL, ending in /v1. */
  baseUrl: string;
  key: string;
  /** How requests reach it: over the network, or handed to the embedded runtime in this process. */
  fetch: (request: Request) => Promise<Response>;
};

const remoteUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() ? value.trim().replace(/\/+$/, '') : undefined),
  z.url({ message: 'DIFY_API_URL must be an absolute URL such as https://dify.example/v1' }).optional(),
);

/** The Dify server of DIFY_API_URL, or undefined when the embedded runtime answers. Read per call, as below. */
export const remoteDifyUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined => remoteUrl.parse(env.DIFY_API_URL);

/** `paper-chat` → `DIFY_APP_KEY_PAPER_CHAT`. */
export const difyKeyVariable = (appId: string) => `DIFY_APP_KEY_${appId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

const warned = new Set<string>();

/**
 * The runtime for an app id of config/ai-apps.ts: a Dify server when DIFY_API_URL is set (each app's key in
 * DIFY_APP_KEY_<ID>), else the embedded runtime mounted at /platform/ai/v1. Null for an unknown app, or an app
 * the Dify server has no key for. Read per call, so a changed environment needs no restart of tests.
 */
export async function resolveAiApp(appId: string, env: NodeJS.ProcessEnv = process.env): Promise<AiUpstream | null> {
  if (!aiApps.some((app) => app.id === appId)) return null;
  const baseUrl = remoteDifyUrl(env);
  if (!baseUrl) return embeddedAiUpstream(appId);
  const key = env[difyKeyVariable(appId)]?.trim();
  if (!key) {
    if (!warned.has(appId)) console.warn(`[ai] DIFY_API_URL is set but ${difyKeyVariable(appId)} is not: the app ${appId} answers 404.`);
    warned.add(appId);
    return null;
  }
  return { baseUrl, key, fetch: (request) => fetch(request) };
}
