// Zod compiles object parsers with `new Function` where it may, and finds out by trying once. Under the
// Content-Security-Policy (no 'unsafe-eval', lib/security/csp.ts) that try is refused and reported as a
// violation, so browsers parse without compiling from the start; the results are the same.
//
// Zod keeps its global settings on `globalThis.__zod_globalConfig`, one object shared by every copy of zod in
// the page, so the setting is made there without importing zod: public pages never parse with zod, and
// importing it only to configure it put 11 KB of it on each of them. zod-browser.test.ts proves that zod reads it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function parseWithoutCompiling(scope: ZodGlobal = globalThis as ZodGlobal) {
  (scope.__zod_globalConfig ??= {}).jitless = true;
}

if (typeof window !== 'undefined') parseWithoutCompiling();
