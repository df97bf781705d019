import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2ePort, mailboxKey } from './e2e/support/mailbox-key';
import { sessionCheckTtlMs } from './e2e/support/session-check';

const port = e2ePort;
export const baseURL = `http://127.0.0.1:${port}`;
/** The origin the build is made for: `npm start`'s default for this port (e2e/pages/public-pages.ts agrees). */
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
/**
 * A second server of the same build for the sign-in flows that need other settings: 30-second access tokens
 * (silent refresh across expiry) and an OpenID Connect provider, the local one on the port after it.
 */
const sessionPort = port + 1;
export const sessionBaseURL = `http://127.0.0.1:${sessionPort}`;
const oidcPort = port + 2;
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
/**
 * The AI model of the first server: the OpenAI-protocol test server of platform/ai (deterministic answers,
 * failures on demand). The second server has no model, so the AI pages' no-model paths are tested there
 * (`noModelSpecs`, run by the `session` project); every other spec sees a server with a model.
 */
const llmPort = port + 3;
const llmBaseURL = `http://127.0.0.1:${llmPort}/v1`;

// Debian's Chromium: Playwright's own browser download is not used anywhere.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runtime settings shared by both servers (no rebuild): mail links point at the server, data stays out of .data. */
function serverEnv(serverPort: number, extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    PORT: String(serverPort),
    // Both servers run one build, so both are told the origin it was made for.
    SITE_URL: siteUrl,
    AUTH_SITE_URL: url,
    DATA_DIR: e2eDataDir(serverPort),
    AUTH_MAILBOX_KEY: mailboxKey(),
    // Every test signs up its own accounts; the hourly mail and SMS budgets of one installation would run out.
    AUTH_RATE_LIMIT_EMAIL_SENT: '10000',
    AUTH_RATE_LIMIT_SMS_SENT: '10000',
    // Never the real network from a test run: the online sources are on by default when they answer.
    SCHOLAR_SOURCES: 'local',
    // The test runner stands in for a proxy on this machine: each test's X-Forwarded-For is its own client
    // address (e2e/support/fixtures.ts). e2e/security/client-address.spec.ts proves the default trusts none.
    TRUST_PROXY: 'loopback',
    SESSION_CHECK_TTL_MS: String(sessionCheckTtlMs),
    ...extra,
  };
}

// The specs that run against the second server: sign-in flows that need its settings, and the AI pages without a model.
const noModelSpecs = /ai\/(.*-)?no-model\.spec\.ts/;
const sessionSpecs = new RegExp(`${/auth\/(oauth|session-expiry)\.spec\.ts/.source}|${noModelSpecs.source}`);
/**
 * A third server of the same build serves user content from an origin of its own (STORAGE_PUBLIC_URL): another
 * loopback address on its port. Only the specs named `content-origin` run against it.
 */
const contentPort = port + 4;
export const contentBaseURL = `http://127.0.0.1:${contentPort}`;
export const contentOrigin = `http://127.0.0.2:${contentPort}`;
const contentSpecs = /content-origin\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  // The ten slowest spec files over a minute are named at the end: where the suite's time goes (CI's budget).
  reportSlowTests: { max: 10, threshold: 60_000 },
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: [/mobile\.spec\.ts/, sessionSpecs, contentSpecs] },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /mobile\.spec\.ts/ },
    { name: 'session', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: sessionBaseURL }, testMatch: sessionSpecs },
    { name: 'content', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: contentBaseURL }, testMatch: contentSpecs },
  ],
  webServer: [
    {
      // The same command a person runs: builds when the sources changed, then serves the product.
      command: 'node ../../scripts/start.mjs',
      url: `${baseURL}/api/health`,
      // The billing specs pay with the local test-mode checkout, which production (npm start) runs only when asked.
      // The open-access PDF spec serves its PDFs from a server of its own on this machine (tests only: README).
      env: serverEnv(port, { LLM_BASE_URL: llmBaseURL, LLM_MODEL: 'citewise-test-model', BILLING_TEST_MODE: 'on', REMOTE_FETCH_ALLOW_ADDRESSES: '127.0.0.1' }),
      timeout: 15 * 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
    },
    {
      command: `npx tsx ../../platform/ai/test/openai-test-server.ts --port ${llmPort}`,
      url: `${llmBaseURL}/models`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `node e2e/support/oidc-provider.mjs ${oidcPort}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
    },
    {
      // The build the first server made (or found current), served as it is: checking the build again here
      // could rebuild it under the running first server.
      // The local corpus is imported first, as scripts/start.mjs does (once per data directory): the research
      // assistant of the no-model specs answers from it.
      command: `node --import tsx ../../packages/scholar/src/cli.ts prepare && node ../../scripts/serve.mjs`,
      url: `${sessionBaseURL}/api/health`,
      env: serverEnv(sessionPort, {
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        AUTH_JWT_EXP: '30',
        AUTH_EXTERNAL_OIDC_ENABLED: 'true',
        AUTH_EXTERNAL_OIDC_ISSUER: oidcIssuer,
        AUTH_EXTERNAL_OIDC_CLIENT_ID: 'citewise-e2e',
        AUTH_EXTERNAL_OIDC_SECRET: 'citewise-e2e-secret',
        AUTH_EXTERNAL_OIDC_NAME: 'University Login',
      }),
      timeout: 5 * 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
    },
    {
      // The same build again, with user content on its own origin (its spec searches no literature: no corpus import).
      command: 'node ../../scripts/serve.mjs',
      url: `${contentBaseURL}/api/health`,
      env: serverEnv(contentPort, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', STORAGE_PUBLIC_URL: contentOrigin }),
      timeout: 2 * 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
    },
  ],
});
