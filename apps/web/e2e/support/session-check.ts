/**
 * SESSION_CHECK_TTL_MS of the test servers: how long an answer of the session check is kept. A spec that ends a
 * session behind the product's back (signing out everywhere at the auth service, a ban through its admin API) waits
 * this long, and no longer, before the old token must be refused.
 */
export const sessionCheckTtlMs = 1000;
