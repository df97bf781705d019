// What the repository's command-line tools (scripts/*.ts, run by tsx outside Next.js) use of the web app, exported as
// `@citewise/web/scripts`, so they import a package and never reach into apps/web by a relative path. Everything here
// is free of `server-only` and of the `@/` alias, which only Next and vitest resolve.
export { changeAdminRole, UnknownAccountError, type AuthAdminSettings, type RoleChange } from './features/admin/change-role';
export { syncCatalog } from './features/billing/sync-catalog';
export { embeddedAuthEnabled } from './lib/platform/embedded';
export { migrationSets } from './lib/platform/migration-sets';
