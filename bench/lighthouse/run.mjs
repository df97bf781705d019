// Lighthouse's mobile profile on the product's public pages, served the way `npm start` serves them
// (scripts/serve.mjs with its page cache), next to a blank Next.js page (bench/lighthouse/blank) built with the
// same `next` and `react` and served by `next start`, in one run, alternating. Prints the median of each figure
// over the runs, the product's scripts beside the blank page's, and writes bench/lighthouse/report.md.
// Usage: npm run bench:lighthouse [-- --runs 3 --path / --path /zh]   (SITE_URL: the origin to build for and serve at)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild, root, webDir } from '../../scripts/lib/build.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true, default: ['/', '/zh', '/pricing'] },
    // Prints where each page's LCP and main-thread time went (from its last run) after the figures.
    details: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const blankDir = path.join(import.meta.dirname, 'blank');
// The product is served at the origin it is built for, as in a deployment: its canonical and hreflang links
// name SITE_URL, and Lighthouse marks a page whose canonical names another host.
const siteUrl = new URL(process.env.SITE_URL ?? 'http://localhost:3981');
process.env.SITE_URL = siteUrl.origin;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

async function waitFor(url, child) {
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within two minutes`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

function buildBlank() {
  const stamp = path.join(blankDir, '.next', 'BUILD_ID');
  if (fs.existsSync(stamp)) return;
  console.error('building the blank reference page…');
  const built = spawnSync(process.execPath, [nextBin, 'build', '--webpack'], { cwd: blankDir, stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function startBlank() {
  const port = 3980;
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: blankDir,
    stdio: 'ignore',
    env: { ...env, NODE_ENV: 'production' },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`, child);
  return { child, origin };
}

async function startProduct() {
  const port = Number(siteUrl.port || 80);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citewise-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: webDir,
    stdio: 'ignore',
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', SCHOLAR_SOURCES: 'local' },
  });
  const origin = siteUrl.origin;
  await waitFor(`${origin}/api/health`, child);
  return { child, origin, dataDir };
}

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run (its default: a mid-range phone on a slow 4G connection, simulated) in a fresh Chromium. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      'best-practices': Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      'FCP ms': audits['first-contentful-paint'].numericValue,
      'LCP ms': audits['largest-contentful-paint'].numericValue,
      'TBT ms': audits['total-blocking-time'].numericValue,
      CLS: audits['cumulative-layout-shift'].numericValue,
      'script KB': (scripts?.transferSize ?? 0) / 1024,
      'script files': scripts?.requestCount ?? 0,
      details: details(audits),
      failing: Object.values(audits)
        .filter(
          (entry) =>
            entry.score !== null &&
            entry.score < 0.9 &&
            entry.scoreDisplayMode !== 'informative' &&
            entry.scoreDisplayMode !== 'manual' &&
            entry.scoreDisplayMode !== 'notApplicable',
        )
        .map((entry) => entry.id),
    };
  } finally {
    await chrome.kill();
  }
}

/** Where the time went in one run: LCP's phases, main-thread work by kind, and the costliest scripts. */
function details(audits) {
  const rows = (id) => audits[id]?.details?.items ?? [];
  // The audit's second table is LCP's phases (the first names the element).
  const lcpPhases = rows('largest-contentful-paint-element').find((item) => item.type === 'table' && item.items?.[0]?.phase)?.items ?? [];
  const ms = (value) => `${Math.round(value)} ms`;
  return [
    `LCP phases: ${lcpPhases.map((phase) => `${phase.phase} ${ms(phase.timing)}`).join(', ') || 'n/a'}`,
    `main thread (${ms(audits['mainthread-work-breakdown'].numericValue)}): ${rows('mainthread-work-breakdown')
      .map((item) => `${item.groupLabel ?? item.group} ${ms(item.duration)}`)
      .join(', ')}`,
    `script CPU (${ms(audits['bootup-time'].numericValue)}): ${rows('bootup-time')
      .slice(0, 6)
      .map((item) => `${String(item.url).replace(/^.*\/_next\/static\/chunks\//, '')} ${ms(item.total)}`)
      .join(', ')}`,
    `render-blocking: ${
      rows('render-blocking-resources')
        .map((item) => String(item.url).replace(/^.*\/_next\/static\//, ''))
        .join(', ') || 'none'
    }`,
  ];
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const figures = ['performance', 'accessibility', 'best-practices', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'script KB', 'script files'];
const format = (name, value) => (name === 'CLS' ? value.toFixed(3) : name === 'script KB' ? value.toFixed(1) : String(Math.round(value)));

ensureBuild();
buildBlank();
const blank = await startBlank();
const product = await startProduct();
try {
  const targets = [{ name: 'blank Next page', url: `${blank.origin}/` }, ...values.path.map((page) => ({ name: page, url: product.origin + page }))];
  // Warm each page and its scripts and styles (server code's first run, the page cache, which compresses a static
  // file after Next's first answer for it), then alternate so drift hits all alike.
  for (const target of targets) {
    const html = await (await fetch(target.url)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"?]+\.(?:js|css))"/g)) {
      const url = new URL(asset, target.url);
      for (let attempt = 0; attempt < 50; attempt++) {
        const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        if (response.headers.get('content-encoding') !== 'gzip') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  const results = new Map(targets.map((target) => [target.name, []]));
  for (let run = 0; run < runs; run++) {
    for (const target of targets) {
      results.get(target.name).push(await audit(target.url));
      console.error(`run ${run + 1}/${runs}: ${target.name} done`);
    }
  }

  const lines = [
    '# Lighthouse, mobile',
    '',
    `Made by \`npm run bench:lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}'s default`,
    'mobile profile (simulated slow 4G and a 4× slower CPU) in Debian’s Chromium, the median of',
    `${runs} runs per page, alternating. The blank page is a two-element App Router page built with the same \`next\``,
    `and \`react\`, with webpack as the product is (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}; load average at the end ${os.loadavg()[0].toFixed(1)}).`,
    '',
    `| figure | ${targets.map((target) => target.name).join(' | ')} |`,
    `| --- | ${targets.map(() => '---:').join(' | ')} |`,
  ];
  for (const figure of figures) {
    lines.push(`| ${figure} | ${targets.map((target) => format(figure, median(results.get(target.name).map((result) => result[figure])))).join(' | ')} |`);
  }
  const blankScripts = median(results.get('blank Next page').map((result) => result['script KB']));
  lines.push('', 'Scripts over the blank page (compressed, as transferred):');
  for (const target of targets.slice(1)) {
    lines.push(`- \`${target.name}\`: ${(median(results.get(target.name).map((result) => result['script KB'])) - blankScripts).toFixed(1)} KB`);
  }
  // Each run audits the blank page just before the product's pages, so a slow minute on a shared machine hits both:
  // the per-run difference is steadier than the difference of the medians.
  const blankRuns = results.get('blank Next page');
  const signed = (value) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;
  lines.push('', 'Over the blank page audited just before it in the same run (median of the per-run differences):');
  for (const target of targets.slice(1)) {
    const over = (figure) => signed(median(results.get(target.name).map((result, run) => result[figure] - blankRuns[run][figure])));
    lines.push(`- \`${target.name}\`: performance ${over('performance')}, LCP ${over('LCP ms')} ms, TBT ${over('TBT ms')} ms`);
  }
  lines.push('', 'Every run (LCP ms / TBT ms), in order:');
  for (const target of targets) {
    lines.push(
      `- ${target.name}: ${results
        .get(target.name)
        .map((result) => `${Math.round(result['LCP ms'])} / ${Math.round(result['TBT ms'])}`)
        .join(', ')}`,
    );
  }
  lines.push('', 'Audits scoring under 0.9 in any run:');
  for (const target of targets) {
    const failing = [...new Set(results.get(target.name).flatMap((result) => result.failing))];
    lines.push(`- ${target.name}: ${failing.length ? failing.map((id) => `\`${id}\``).join(', ') : 'none'}`);
  }
  if (values.details) {
    lines.push('', 'Where the time went (last run of each page, observed, before simulation):');
    for (const target of targets)
      lines.push(
        '',
        `${target.name}:`,
        ...results
          .get(target.name)
          .at(-1)
          .details.map((line) => `- ${line}`),
      );
  }
  const report = `${lines.join('\n')}\n`;
  fs.writeFileSync(path.join(import.meta.dirname, 'report.md'), report);
  console.log(report);
} finally {
  await stop(product.child);
  fs.rmSync(product.dataDir, { recursive: true, force: true });
  await stop(blank.child);
}
