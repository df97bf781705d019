// Limits the research API enforces and the pages explain; no server imports, so client components may use them.

/** Results per page (sources are asked for at most 200 results: ten pages). */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_PAGE = 10;
export { MAX_BIBLIOGRAPHY_BODY_BYTES, MAX_BIBLIOGRAPHY_CHARS } from '@/features/papers/limits';
export const MAX_CHECKED_REFERENCES = 50;
