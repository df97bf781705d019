import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { readBuildId } from './lib/build-id';
import { strictTransportHeaders } from './lib/security/csp';

const buildId = readBuildId(import.meta.dirname);
// SITE_URL is read at build time (scripts/lib/build.mjs rebuilds when it changes).
const strictTransport = strictTransportHeaders(process.env.SITE_URL);
// `npm run bench:bundle` builds a copy with browser source maps into its own folder, so the bytes the home page
// ships can be traced to modules without touching the build being served.
const bundleAnalysis = process.env.CITEWISE_BUNDLE_ANALYSIS === '1';

const nextConfig: NextConfig = {
  ...(bundleAnalysis ? { distDir: '.next-analysis', productionBrowserSourceMaps: true } : {}),
  reactStrictMode: true,
  poweredByHeader: false,
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  experimental: { authInterrupts: true },
  // Workspace packages ship TypeScript sources; Next compiles them with the app.
  transpilePackages: ['@citewise/db', '@citewise/platform-ai', '@citewise/platform-auth', '@citewise/platform-storage', '@citewise/scholar'],
  // Loaded by Node at run time, not bundled: PGlite reads its WASM files beside itself, bcrypt is a native addon,
  // rate-limiter-flexible requires its optional stores by computed names, unpdf finds its PDF.js build with
  // import.meta.resolve (the threads that read attached PDFs load it from node_modules, platform/ai/src/files).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'bcrypt', 'nodemailer', 'ioredis', 'rate-limiter-flexible', 'unpdf'],
  async redirects() {
    // The docs have no index page of their own: their first page is the entry point.
    return [
      { source: '/docs', destination: '/docs/getting-started', permanent: false },
      { source: '/zh/docs', destination: '/zh/docs/getting-started', permanent: false },
    ];
  },
  async headers() {
    return [
      {
        // Polled by open pages to notice a new deployment: never cached anywhere.
        source: '/builds/latest.json',
        headers: [{ key: 'Cache-Control', value: 'no-store, max-age=0' }],
      },
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
          // The Content-Security-Policy of pages is set per request by proxy.ts (lib/security/csp.ts).
          ...strictTransport,
        ],
      },
    ];
  },
};

// Messages are compiled at build time, so the browser gets a small formatter instead of an ICU parser.
export default createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // The shared catalogs and each feature's own (features/<area>/messages.*.json, merged by messages/index.ts).
  experimental: { messages: { path: ['./messages', './features'], format: 'json', locales: 'infer', precompile: true } },
})(nextConfig);
