// Providers that page by page number (OpenAlex) cannot start at any offset: ask for the page that holds the
// offset and skip into it.

export interface PageWindow {
  /** 1-based page number. */
  page: number;
  perPage: number;
  /** Records to drop from the start of that page. */
  skip: number;
}

export function pageWindow(offset: number, limit: number, maxPerPage: number): PageWindow {
  const size = Math.max(1, Math.min(limit, maxPerPage));
  if (offset % size === 0) return { page: offset / size + 1, perPage: size, skip: 0 };
  if (offset + size <= maxPerPage) return { page: 1, perPage: offset + size, skip: offset };
  // Deep and unaligned: the page holding `offset`, which may end before `offset + limit`.
  return { page: Math.floor(offset / size) + 1, perPage: size, skip: offset % size };
}
