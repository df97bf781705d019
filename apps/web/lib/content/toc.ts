import GithubSlugger from 'github-slugger';

export type TocItem = { id: string; text: string; depth: 2 | 3 };

/**
 * Headings `##` and `###` of a Markdown body, with the ids rehype-slug gives them (both use
 * github-slugger, in document order, so duplicates get the same `-1` suffixes).
 */
export function tableOfContents(markdown: string): TocItem[] {
  const slugger = new GithubSlugger();
  const items: TocItem[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^(```|~~~)/.exec(line.trim());
    if (fenceMatch) {
      const marker = fenceMatch[1] ?? '';
      fence = fence === null ? marker : fence === marker ? null : fence;
      continue;
    }
    if (fence) continue;
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const depth = heading[1]?.length ?? 0;
    const text = plainText(heading[2] ?? '');
    const id = slugger.slug(text);
    if (depth === 2 || depth === 3) items.push({ id, text, depth });
  }
  return items;
}

/** Heading text as rendered: inline code, emphasis and link syntax removed. */
export function plainText(inline: string): string {
  return inline
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, '$2')
    .trim();
}
