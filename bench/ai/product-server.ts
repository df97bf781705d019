// The product as `npm start` serves it (building first when the sources changed), on a port and in a data directory
// of the bench's own, with the model server given; and accounts signed in through the product's own API.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export type ProductServer = {
  origin: string;
  dataDir: string;
  /** The pid of `npm start`'s process (scripts/start.mjs); the server is its child. */
  pid: number;
  appKeys(): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

export async function startProduct(port: number, llmBaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-bench-ai-'));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SITE_URL: origin,
      AUTH_MAILER_AUTOCONFIRM: 'true',
      AUTH_RATE_LIMIT_DISABLED: 'true',
      SCHOLAR_DEFAULT_CORPUS: 'false',
      LLM_BASE_URL: llmBaseUrl,
      LLM_MODEL: 'test-model',
      DIFY_API_URL: '',
      ...extraEnv,
    },
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the product server exited (${code})`))));
  // Waiting for a port to answer has no event to await: ask again until it does (a first build takes minutes).
  for (;;) {
    const ready = await Promise.race([
      fetch(`${origin}/api/health`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 500)), exited]);
  }
  return {
    origin,
    dataDir,
    pid: child.pid!,
    async appKeys() {
      // The runtime starts (and writes its keys) on the first request to it.
      await (await fetch(`${origin}/platform/ai/v1/info`)).body?.cancel();
      return JSON.parse(await fs.readFile(path.join(dataDir, 'ai-app-keys.json'), 'utf8')) as Record<string, string>;
    },
    async stop() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new confirmed account, signed in through POST /api/auth/signin; answers its session cookies. */
export async function signedInCookies(origin: string, index: number): Promise<string> {
  const email = `bench-ai-${index}-${Date.now().toString(36)}@example.com`;
  const password = 'bench-Passw0rd-long';
  const signup = await fetch(`${origin}/platform/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const signin = await fetch(`${origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signin.ok) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
  return signin.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
