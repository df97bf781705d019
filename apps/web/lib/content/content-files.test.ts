import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPages } from '@/config/docs-nav';
import { publicPagePaths } from '@/lib/public-pages';
import { contentRoot, listSlugs, readEntry } from './files';
import { publicPngSize } from './images';
import type { ContentKind } from './front-matter';

const kinds: ContentKind[] = ['docs', 'blog', 'changelog', 'legal'];

function allFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => path.join(dir, file));
}

describe('content files', () => {
  it.each(kinds)('%s: every page exists in English and Chinese with valid front matter', (kind) => {
    const files = allFiles(path.join(contentRoot, kind)).map((file) => path.relative(path.join(contentRoot, kind), file));
    const english = files.filter((file) => !file.endsWith('.zh.mdx'));
    const chinese = files.filter((file) => file.endsWith('.zh.mdx'));
    expect(chinese.map((file) => file.replace(/\.zh\.mdx$/, '.mdx')).sort()).toEqual(english.sort());
    for (const slug of listSlugs(kind)) {
      expect(readEntry(kind, slug, 'en'), `${kind}/${slug}`).not.toBeNull();
      expect(readEntry(kind, slug, 'zh'), `${kind}/${slug}.zh`).not.toBeNull();
    }
  });

  it('has every page of the docs navigation, and no page left out of it', () => {
    expect(listSlugs('docs').sort()).toEqual([...docsPages].sort());
  });

  it('has at least three blog posts, both legal pages and a changelog entry', () => {
    expect(listSlugs('blog').length).toBeGreaterThanOrEqual(3);
    expect(listSlugs('legal')).toEqual(['privacy', 'terms']);
    expect(listSlugs('changelog').length).toBeGreaterThanOrEqual(1);
  });

  it('links only to pages that exist', () => {
    const known = new Set(publicPagePaths());
    const broken: string[] = [];
    for (const file of kinds.flatMap((kind) => allFiles(path.join(contentRoot, kind)))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\((\/[^)\s#]*)(?:#[^)\s]*)?\)/g)) {
        const page = (target ?? '').replace(/\/$/, '') || '/';
        if (/\.(png|xml)$/.test(page)) continue;
        if (!known.has(page)) broken.push(`${path.relative(contentRoot, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('shows only images that exist, as PNG files under public/, each described in words', () => {
    const problems: string[] = [];
    for (const file of kinds.flatMap((kind) => allFiles(path.join(contentRoot, kind)))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, alt, src] of text.matchAll(/!\[([^\]]*)\]\(([^)\s]+)/g)) {
        const where = `${path.relative(contentRoot, file)} → ${src}`;
        if (!publicPngSize(src ?? '')) problems.push(`${where}: not a PNG under public/`);
        if ((alt ?? '').trim().length < 10) problems.push(`${where}: no description`);
      }
    }
    expect(problems).toEqual([]);
  });
});
