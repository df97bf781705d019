import fs from 'node:fs';
import path from 'node:path';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The borders of docs/architecture.md §6.12. A feature imports the shared tier (lib/, components/, hooks/, config/),
// the shared domains (features/papers, features/entitlements) and, from another feature, only its schema.ts, messages.ts,
// types.ts or server/ use cases; a shared domain itself follows the rule for features; the shared tier never imports
// a feature; nothing imports a page or route from app/. Tests and test helpers (testing/) may reach anywhere, as
// they assemble the whole app. Import cycles are refused everywhere, tests included.
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedDomains = ['papers', 'entitlements'];
const publicSurface = ['**/features/*/schema.ts', '**/features/*/types.ts', '**/features/*/messages.ts', '**/features/*/server/**'];
const sharedTier = ['./lib', './components', './hooks', './config'];

/** The zones for every file, with `extra` paths a feature may import besides its allowed surface. */
function borderZones(extra = {}) {
  return [
    ...features.map((feature) => ({
      target: `./features/${feature}`,
      from: './features/**/*',
      except: [
        `**/features/${feature}/**`,
        ...publicSurface,
        ...(sharedDomains.includes(feature) ? [] : sharedDomains.map((domain) => `**/features/${domain}/**`)),
        ...(extra[feature] ?? []),
      ],
      message: 'Another feature is reached only through its schema.ts, types.ts, messages.ts or server/ use cases (docs/architecture.md §6.12).',
    })),
    ...sharedTier.map((target) => ({
      target,
      from: './features',
      message: 'The shared tier never imports a feature: pass it in (docs/architecture.md §6.12).',
    })),
    ...['./features', ...sharedTier].map((target) => ({
      target,
      from: './app',
      message: 'Pages and routes are imported by nobody (docs/architecture.md §6.1).',
    })),
  ];
}

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-analysis/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['**/*.{ts,tsx,mts}'],
    // The workspace packages are libraries, not part of this graph (and never import the app): not parsed for it.
    settings: { 'import/ignore': ['node_modules', '/(packages|platform)/[^/]+/(src|dist)/'] },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: borderZones() }],
    },
  },
  {
    // Tests and their helpers assemble the whole app (route handlers, other features' data).
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**', 'test/**'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
];

export default config;
