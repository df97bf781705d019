// The `app` schema: the product's own tables, one file per area, all exported from here so `@/lib/db/schema` is the
// one import for queries and for drizzle-kit. Rows are keyed by the user id from the verified JWT (no foreign key to
// `auth.users`: the auth schema may belong to a hosted Supabase project). Every table holding user data turns Row
// Level Security on with the policies from `ownRows()`, and is queried through withUserDb().
//
// After changing a file here: `npm run db:generate -- apps/web app <name>`, review the SQL, commit both.
export { app, authenticated, ownRows } from './app';
export * from './admin';
export * from './billing';
export * from './library';
export * from './notes';
export * from './team';
export * from './usage';
