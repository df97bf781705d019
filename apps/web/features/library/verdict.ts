// The verdict type moved to features/papers/verdict.ts; this re-export keeps lib/db/schema.ts unchanged until the
// schema is split per area (issue 38 item 4), when that file imports it from features/papers directly.
export type { LibraryVerdict } from '@/features/papers/verdict';
