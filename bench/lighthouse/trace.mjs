// One Lighthouse mobile run of a page that is already being served, then the order of what happened in the load it
// observed (unthrottled, before its simulation): documents, scripts and styles finished, HTML parsed, scripts
// evaluated, style and layout, paints, first paint and the LCP candidates. Lighthouse's simulated LCP counts every
// script whose evaluation started before the observed LCP, so this shows which ones a run counted.
// Usage: node bench/lighthouse/trace.mjs http://localhost:3000/ [--runs 3]   (start the product first, e.g. npm start)
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' } } });
const url = positionals[0];
if (!url) {
  console.error('usage: node bench/lighthouse/trace.mjs <url> [--runs N]');
  process.exit(2);
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

const LAYOUT_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'Paint']);
const MARKS = new Set(['firstPaint', 'firstContentfulPaint', 'largestContentfulPaint::Candidate']);

for (let run = 1; run <= Number(values.runs); run++) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  let result;
  try {
    result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  } finally {
    await chrome.kill();
  }
  const metrics = result.lhr.audits.metrics.details.items[0];
  console.log(
    `\nrun ${run}: performance ${Math.round(result.lhr.categories.performance.score * 100)}, simulated LCP ${Math.round(metrics.largestContentfulPaint)} ms ` +
      `(observed ${Math.round(metrics.observedLargestContentfulPaint)} ms), FCP ${Math.round(metrics.firstContentfulPaint)} ms, TBT ${Math.round(metrics.totalBlockingTime)} ms`,
  );
  const events = result.artifacts.Trace.traceEvents;
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!start) throw new Error('no navigation in the trace');
  const names = new Map();
  const lines = [];
  for (const event of events.filter((e) => e.ts >= start.ts).sort((a, b) => a.ts - b.ts)) {
    const data = event.args?.data ?? {};
    const main = event.pid === start.pid && event.tid === start.tid;
    let what = null;
    if (event.name === 'ResourceSendRequest') names.set(data.requestId, data.url?.split('/').pop() || data.url);
    else if (event.name === 'ResourceFinish') what = `finished ${names.get(data.requestId) ?? data.requestId}`;
    else if (main && event.name === 'ParseHTML') what = 'parse HTML';
    else if (main && event.name === 'EvaluateScript') what = `evaluate ${data.url ? data.url.split('/').pop() : 'inline script'}`;
    else if (main && LAYOUT_EVENTS.has(event.name) && event.dur > 1000) what = event.name;
    else if (MARKS.has(event.name) && event.pid === start.pid) what = event.name + (data.nodeName ? ` ${data.nodeName.slice(0, 60)}` : '');
    if (what === null) continue;
    const duration = event.dur === undefined ? '' : `${(event.dur / 1000).toFixed(1)} ms`;
    lines.push(`${((event.ts - start.ts) / 1000).toFixed(1).padStart(8)} ms  ${duration.padStart(9)}  ${what}`);
  }
  console.log(lines.join('\n'));
}
