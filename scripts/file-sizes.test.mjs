// @ts-check
// No source file grows past 300 lines (docs/conventions.md §8): past that a file holds two ideas, and becomes the
// place every change meets. Generated files are exempt, each kind named below with the script that writes it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib/build.mjs';

const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Generated files, which may be as long as what they hold; each pattern must still match a file. */
const GENERATED = [
  // Embedded SQL migrations, written by packages/db/scripts/generate.mjs from an owner's drizzle/ folder.
  /^(apps\/web\/lib|platform\/[a-z]+\/src|packages\/[a-z]+\/src)\/db\/migrations\.ts$/,
  // Embedded data, written by a script named in the file's first line (CSL styles and locales).
  /\.generated\.ts$/,
];

/** Every source file git knows of (tracked, or new and not ignored) that is on disk. */
function sourceFiles() {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file) && fs.existsSync(path.join(root, file)));
}

/** Lines as an editor numbers them: a final newline ends the last line rather than starting another. @param {string} text */
function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file sizes', () => {
  const files = sourceFiles();

  it('counts lines as an editor does', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\nb\n')]).toEqual([0, 1, 1, 2, 3]);
  });

  it('finds the sources of every workspace', () => {
    for (const folder of ['apps/web/', 'platform/auth/', 'platform/storage/', 'platform/ai/', 'packages/db/', 'packages/scholar/', 'scripts/']) {
      expect(
        files.some((file) => file.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });

  it(`keeps every hand-written source file at ${MAX_LINES} lines or fewer`, () => {
    const over = files
      .filter((file) => !GENERATED.some((pattern) => pattern.test(file)))
      .map((file) => ({ file, lines: lineCount(fs.readFileSync(path.join(root, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `split these along their seams (docs/conventions.md §8)`).toEqual([]);
  });

  it('names in the allow-list only kinds of generated file that exist', () => {
    for (const pattern of GENERATED)
      expect(
        files.some((file) => pattern.test(file)),
        String(pattern),
      ).toBe(true);
  });
});
