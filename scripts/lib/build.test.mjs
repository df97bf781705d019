// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFingerprint, defaultSiteUrl, root, webDir } from './build.mjs';

/**
 * Runs `fn` with `file` holding `content`, then puts back what was there (or nothing).
 * @template T
 * @param {string} file
 * @param {string} content
 * @param {() => T} fn
 * @returns {T}
 */
function withFile(file, content, fn) {
  const before = fs.existsSync(file) ? fs.readFileSync(file) : null;
  fs.writeFileSync(file, content);
  try {
    return fn();
  } finally {
    if (before === null) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, before);
  }
}

describe('the build fingerprint', () => {
  it('ignores next-env.d.ts, which the build itself writes after the fingerprint is taken', () => {
    const file = path.join(webDir, 'next-env.d.ts');
    const first = withFile(file, '/// <reference types="next" />\n', () => buildFingerprint());
    const second = withFile(file, '/// <reference types="next" />\nimport "./.next/types/routes.d.ts";\n', () => buildFingerprint());
    expect(second).toBe(first);
  });

  it('leaves out test files, which the build never bundles, but not the sources beside them', () => {
    const base = buildFingerprint();
    const probe = path.join(webDir, 'components', `fingerprint-probe-${process.pid}`);
    expect(withFile(`${probe}.test.tsx`, 'export {};\n', () => buildFingerprint())).toBe(base);
    expect(withFile(`${probe}.test.ts`, 'export {};\n', () => buildFingerprint())).toBe(base);
    expect(withFile(`${probe}.tsx`, 'export {};\n', () => buildFingerprint())).not.toBe(base);
  });
});

describe('the default SITE_URL', () => {
  it('follows PORT when SITE_URL is not set', () => {
    expect(defaultSiteUrl({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(defaultSiteUrl({})).toBe('http://localhost:3000');
    expect(defaultSiteUrl({ PORT: '4000', SITE_URL: 'https://citewise.example' })).toBe('https://citewise.example');
  });
});

describe('a rebuild while this checkout is being served', () => {
  const servingFile = path.join(webDir, '.citewise-serving.json');
  /** @type {string | null} */
  let saved = null;
  afterEach(() => {
    if (saved === null) fs.rmSync(servingFile, { force: true });
    else fs.writeFileSync(servingFile, saved);
  });

  it('is refused with one line naming the running instance', () => {
    saved = fs.existsSync(servingFile) ? fs.readFileSync(servingFile, 'utf8') : null;
    // This test process stands for a server on port 4567; a new BUILD_ID makes a rebuild necessary.
    fs.writeFileSync(servingFile, JSON.stringify([{ pid: process.pid, port: 4567, since: new Date().toISOString() }]));
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', "import('./scripts/lib/build.mjs').then((m) => m.ensureBuild())"], {
      cwd: root,
      env: { ...process.env, BUILD_ID: `refusal-test-${Date.now()}` },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `citewise: a new build is needed, but this checkout's build is being served (pid ${process.pid} on port 4567); stop that server first, then start again.`,
    );
  });

  it('forgets a recorded server that is gone (a crash or kill -9 leaves its record behind)', () => {
    saved = fs.existsSync(servingFile) ? fs.readFileSync(servingFile, 'utf8') : null;
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(servingFile, JSON.stringify([{ pid: gone, port: 4567, since: new Date().toISOString() }]));
    const script = `
      const { markServing } = await import('./scripts/lib/build.mjs');
      const fs = await import('node:fs');
      markServing(4568);
      console.log(fs.readFileSync(process.argv[1], 'utf8'));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, servingFile], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).map((/** @type {{ port: number }} */ instance) => instance.port)).toEqual([4568]);
    // The process removed its own record when it exited.
    expect(fs.existsSync(servingFile)).toBe(false);
  });
});
