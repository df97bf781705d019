// Runs after `next build`: lists the inline scripts of every prerendered page by their SHA-256, so static pages
// keep one fixed Content-Security-Policy without nonces (proxy.ts and lib/security/csp.ts read the result).
//
// A prerendered page is served byte for byte as built, so the hashes of its inline scripts (React's flight data,
// the theme script) allow exactly those scripts and nothing an attacker could add. Pages rendered per request
// get a nonce instead; they still need the hashes of the fixed inline scripts every page carries (the
// next-themes script, which cannot take a nonce on pages that are otherwise static), listed under `fixed`.
import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from './lib/inline-scripts.mjs';

const distDir = path.join(import.meta.dirname, '..', '.next');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'));

/** @type {Record<string, string[] | null>} */
const pages = {};
const fixed = new Set();
for (const [route, info] of Object.entries(manifest.routes)) {
  const file = path.join(distDir, 'server', 'app', `${route === '/' ? 'index' : route}.html`);
  if (!fs.existsSync(file)) continue;
  const scripts = inlineScriptHashes(fs.readFileSync(file, 'utf8'));
  for (const script of scripts) if (!script.flight) fixed.add(script.hash);
  // A page that is regenerated while serving changes its inline scripts: it gets the fallback policy.
  pages[route] = info.initialRevalidateSeconds === false ? [...new Set(scripts.map((script) => script.hash))] : null;
}

const out = path.join(distDir, 'csp-hashes.json');
fs.writeFileSync(out, `${JSON.stringify({ fixed: [...fixed].sort(), pages })}\n`);
console.log(`csp: hashed the inline scripts of ${Object.keys(pages).length} prerendered pages`);
