// Owners write their schemas and queries with the same drizzle-orm copy this package runs on.
export * from 'drizzle-orm';
