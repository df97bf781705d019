// @ts-check
// Every `docs/….md §n` cited in the repository — in comments, tests and the docs themselves — names a document and a
// section that exist, so the map in docs/ and the code that points into it cannot drift apart unnoticed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationsIn, sectionNumbers } from './lib/doc-sections.mjs';
import { root } from './lib/build.mjs';

const TEXT = /\.(ts|tsx|mjs|js|md|mdx|json)$/;
/** Generated files and data: large, and never a place for a citation. */
const SKIPPED = /(^|\/)(node_modules|\.next|drizzle|data|fixtures)\/|\.generated\.ts$|package-lock\.json$/;

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => TEXT.test(file) && !SKIPPED.test(file) && fs.existsSync(path.join(root, file)));
}

/** @type {Map<string, Set<string> | null>} */
const sectionsByDoc = new Map();
/** The section numbers of `doc`, or null when there is no such document. @param {string} doc */
function sectionsOf(doc) {
  if (!sectionsByDoc.has(doc)) {
    const file = path.join(root, doc);
    sectionsByDoc.set(doc, fs.existsSync(file) ? sectionNumbers(fs.readFileSync(file, 'utf8')) : null);
  }
  return sectionsByDoc.get(doc);
}

describe('section numbers and citations', () => {
  it('reads numbered headings and cited sections, ranges and lists included', () => {
    expect([...sectionNumbers('# Title\n## 1. Basics\n### 1.4 Errors\n#### 1.4.2 Legacy\n## Notes\n')]).toEqual(['1', '1.4', '1.4.2']);
    // Built from parts, so that this test's own file holds no citation of a document that does not exist.
    const made = ['docs', 'x.md'].join('/');
    const text = `// rotation (docs/protocols/supabase-auth.md §2.6, §6.4); mail (${made} §3.7–3.9) and §5`;
    expect(citationsIn(text).map((c) => `${c.doc} ${c.section}`)).toEqual([
      'docs/protocols/supabase-auth.md 2.6',
      'docs/protocols/supabase-auth.md 6.4',
      `${made} 3.7`,
      `${made} 3.9`,
    ]);
    expect(citationsIn('see `docs/product.md` §5 and §7 here; then §2', 'docs/a.md').map((c) => `${c.doc} ${c.section}`)).toEqual([
      'docs/product.md 5',
      'docs/product.md 7',
      'null 2',
    ]);
  });
});

describe('citations of docs/ in the repository', () => {
  const files = trackedFiles();

  it('finds the documents and the code that cites them', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files.filter((file) => !file.startsWith('docs/') && citationsIn(fs.readFileSync(path.join(root, file), 'utf8')).length > 0).length).toBeGreaterThan(
      40,
    );
  });

  it('leave no citation of notes kept outside the repository', () => {
    // The old forms cited "protocol notes", "spec" or a file under "reference/" by section number.
    const section = '\u00a7'; // written as an escape, so that this file does not match itself
    const outside = new RegExp([`protocol notes ${section}`, `\\bspec ${section}`, 'reference/[a-z-]+\\.md', `reference ${section}`].join('|'), 'i');
    const found = files.filter((file) => outside.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('point at sections that exist', () => {
    /** @type {string[]} */
    const broken = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const self = file.startsWith('docs/') && file.endsWith('.md') ? file : undefined;
      for (const citation of citationsIn(text, self)) {
        const doc = citation.doc ?? /** @type {string} */ (self);
        const sections = sectionsOf(doc);
        if (!sections?.has(citation.section)) {
          const line = text.slice(0, citation.index).split('\n').length;
          broken.push(`${file}:${line} cites ${doc} §${citation.section}${sections ? '' : ' (no such document)'}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
