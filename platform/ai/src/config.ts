// The runtime's settings, read once from the environment. Every variable is in the README.
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .transform((v) => v ?? fallback);

const isOn = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '');
const flag = z.string().optional().transform(isOn);

const schema = z.object({
  /** An OpenAI-compatible server's base URL, ending in /v1. Unset: no model (air-gapped default). */
  LLM_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** Longest wait for the model's next streamed chunk (and for its first), in ms. */
  LLM_TIMEOUT_MS: int(60_000, 100, 600_000),
  /** Largest upload in MB (Dify's UPLOAD_FILE_SIZE_LIMIT / UPLOAD_IMAGE_FILE_SIZE_LIMIT). */
  AI_UPLOAD_FILE_SIZE_LIMIT: int(15, 1, 100),
  AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT: int(10, 1, 100),
  /** Whether the model reads images (OpenAI image parts); `LLM_VISION_<APP_ID>` decides per app. */
  LLM_VISION: flag,
  /** Most characters of text taken from one attached file into the prompt. */
  AI_ATTACHMENT_TEXT_LIMIT: int(40_000, 1_000, 1_000_000),
  /** Limits of reading one attached PDF (files/document-text.ts): pages, bytes decoded, seconds. */
  AI_PDF_MAX_PAGES: int(300, 1, 100_000),
  AI_PDF_MAX_DECODED_MB: int(64, 1, 4096),
  AI_PDF_TIMEOUT_SECONDS: int(15, 1, 600),
  /** Seconds of silence after which a stream sends `event: ping`. */
  AI_SSE_PING_SECONDS: int(10, 1, 600),
});

export type AiEnv = z.infer<typeof schema>;

export interface ModelSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface AiConfig extends AiEnv {
  /** The model an app uses, or null when none is configured. `LLM_MODEL_<APP_ID>` overrides the model per app. */
  modelFor(appId: string): ModelSettings | null;
  /** Whether the app's model is given attached images (a model is configured and vision is on for it). */
  visionFor(appId: string): boolean;
  env: Record<string, string | undefined>;
}

export class AiConfigError extends Error {
  override name = 'AiConfigError';
}

/** `academic-translate` → `ACADEMIC_TRANSLATE`, for per-app variables. */
export const envSuffix = (appId: string) => appId.toUpperCase().replace(/[^A-Z0-9]/g, '_');

export function loadAiConfig(env: Record<string, string | undefined> = process.env): AiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new AiConfigError(`Invalid AI configuration: ${details}`);
  }
  const values = parsed.data;
  const modelFor = (appId: string): ModelSettings | null => {
    if (!values.LLM_BASE_URL) return null;
    const model = env[`LLM_MODEL_${envSuffix(appId)}`]?.trim() || values.LLM_MODEL;
    if (!model) return null;
    // Local servers (Ollama, llama.cpp) ignore the key, but the client needs a non-empty one.
    return { baseUrl: values.LLM_BASE_URL, apiKey: values.LLM_API_KEY ?? 'not-needed', model };
  };
  return {
    ...values,
    env,
    modelFor,
    visionFor(appId) {
      if (!modelFor(appId)) return false;
      const own = env[`LLM_VISION_${envSuffix(appId)}`]?.trim();
      return own ? isOn(own) : values.LLM_VISION;
    },
  };
}

export const PROVIDER_HELP =
  'No model is configured. Set LLM_BASE_URL (an OpenAI-compatible server, e.g. http://localhost:11434/v1), LLM_MODEL and, if the server needs one, LLM_API_KEY.';
