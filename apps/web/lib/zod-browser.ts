import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` where it may, and finds out by trying once. Under the
// Content-Security-Policy (no 'unsafe-eval', lib/security/csp.ts) that try is refused and reported as a
// violation, so browsers parse without compiling from the start; the results are the same.
if (typeof window !== 'undefined') config({ jitless: true });
