// @ts-check
// Which test files open a database: the ones `npm test` runs a second time on a PostgreSQL server. Running the rest
// there again (parsers, components, pure functions) would only spend CI's time on the same result.
import fs from 'node:fs';
import path from 'node:path';

/** A file that says one of these opens a test database, or decides on which server it runs. */
const opensDatabase = /createTestDatabase|@citewise\/db\/testing|TEST_DATABASE_URL/;
/** Static and dynamic imports (`vi.mock('…', () => import('…'))` included). */
const importSpecifier = /(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g;
const skipped = new Set(['node_modules', '.next', 'e2e', 'test-results', 'data']);

/**
 * The test files of `workspace` that open a database themselves or through any module of their workspace they import
 * (relative imports, and the web app's `@/` alias), as paths relative to `root`.
 * @param {string} root
 * @param {string} workspace e.g. `apps/web`
 * @returns {string[]}
 */
export function databaseTests(root, workspace) {
  const dir = path.join(root, workspace);
  /** Files known to reach a database (a "no" is only true for the walk that found it, as cycles cut walks short). */
  const reachesDatabase = new Set();
  /** @type {Map<string, string>} */
  const texts = new Map();

  /** @param {string} from @param {string} specifier */
  function resolve(from, specifier) {
    let base;
    if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
    else if (specifier.startsWith('@/') && workspace === 'apps/web') base = path.join(dir, specifier.slice(2));
    else return null;
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, path.join(base, 'index.ts')];
    return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
  }

  /** @param {string} file @param {Set<string>} visiting @returns {boolean} */
  function reaches(file, visiting) {
    if (reachesDatabase.has(file)) return true;
    if (visiting.has(file)) return false;
    visiting.add(file);
    const text = texts.get(file) ?? fs.readFileSync(file, 'utf8');
    texts.set(file, text);
    const result = /** @type {boolean} */ (
      opensDatabase.test(text) ||
        [...text.matchAll(importSpecifier)].some((match) => {
          const target = resolve(file, /** @type {string} */ (match[1]));
          return target !== null && reaches(target, visiting);
        })
    );
    if (result) reachesDatabase.add(file);
    return result;
  }

  return testFiles(dir)
    .filter((file) => reaches(file, new Set()))
    .map((file) => path.relative(root, file))
    .sort();
}

/** @param {string} dir @returns {string[]} */
function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
