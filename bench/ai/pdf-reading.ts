// Reading the text of attached PDFs: on a thread of its own under the runtime's limits (platform/ai/src/files), next
// to the way it was read before, with unpdf's extractText over the whole document on the thread that serves
// requests, in one run. For each PDF: the time, what came out, how long a timer was kept waiting (what every other
// request waits), and how much the process's peak memory rose.
//
//   npm run bench:ai-pdf [-- --bomb 128 --pages 2000]
//
// The bomb of the old way is kept small (--bomb MB of zeros): at the 1,024 MB of a 1 MB file it ran for minutes.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { loadAiConfig } from '../../platform/ai/src/config';
import { pdfLimits } from '../../platform/ai/src/files/document-text';
import { readPdf } from '../../platform/ai/src/files/read-pdf';
import { pdfBomb, pdfWithPages } from '../../platform/ai/test/pdf-fixture';

const { values } = parseArgs({ options: { bomb: { type: 'string', default: '256' }, pages: { type: 'string', default: '2000' } } });
const limits = pdfLimits(loadAiConfig({}));
const paragraph = (page: number) =>
  Array.from({ length: 30 }, (_, line) => `Page ${page}, line ${line + 1}: the measured values agree with the model.`).join('\n');

const files: [string, Uint8Array][] = [
  ['a 12-page paper', pdfWithPages(Array.from({ length: 12 }, (_, i) => paragraph(i + 1)))],
  [`${values.pages} pages of text`, pdfWithPages(Array.from({ length: Number(values.pages) }, (_, i) => paragraph(i + 1)))],
  [`${values.pages} blank pages`, pdfWithPages(Array<string>(Number(values.pages)).fill(''))],
  [`a bomb: ${values.bomb} MB of zeros`, pdfBomb(Number(values.bomb))],
];

/** The process's peak resident memory in MB, and a way to start counting it again (Linux). */
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const resetPeak = () => fs.writeFileSync('/proc/self/clear_refs', '5');

/**
 * What other requests wait while `read` runs: the waits of a 5 ms timer past its time (the longest and the 99th
 * percentile). Not monitorEventLoopDelay: work that keeps the loop in promise callbacks never lets its timer fire,
 * and shows as no delay at all.
 */
async function measure(read: () => Promise<string>) {
  globalThis.gc?.();
  resetPeak();
  const start = peakMb();
  const waits: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    waits.push(now - last - 5);
    last = now;
  }, 5);
  const began = performance.now();
  const outcome = await read();
  const ms = performance.now() - began;
  clearInterval(timer);
  waits.push(performance.now() - last - 5);
  waits.sort((a, b) => a - b);
  const p99 = waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.99))]!;
  return { ms, outcome, maxDelay: Math.max(0, waits.at(-1)!), p99: Math.max(0, p99), peak: peakMb() - start };
}

async function onThisThread(data: Uint8Array): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    await pdf.destroy();
    return `${totalPages} pages, ${text.trim().length} characters (cut to ${limits.textLimit} afterwards)`;
  } catch (error) {
    return `failed: ${(error as Error).message.slice(0, 40)}`;
  }
}

async function onItsThread(data: Uint8Array): Promise<string> {
  const reading = await readPdf(data, limits);
  return reading.ok
    ? `${reading.pagesRead} pages read, ${reading.text.length} characters${reading.truncated ? ' (limit)' : ''}`
    : `refused (${reading.reason}) after ${reading.pagesRead} pages`;
}

console.log(
  `Limits: ${limits.maxPages} pages, ${limits.maxDecodedBytes / 1024 / 1024} MB decoded, ${limits.timeoutMs / 1000} s, ${limits.heapMb} MB heap, ${limits.textLimit} characters\n`,
);
console.log('| PDF | size | read | time | result | timer: longest wait | p99 wait | peak memory rise |');
console.log('| --- | ---: | --- | ---: | --- | ---: | ---: | ---: |');
for (const [name, data] of files) {
  for (const [way, read] of [
    ['own thread, limits', onItsThread],
    ['serving thread, whole file (before)', onThisThread],
  ] as const) {
    const m = await measure(() => read(data));
    const size = data.length > 1024 * 1024 ? `${(data.length / 1024 / 1024).toFixed(1)} MB` : `${Math.round(data.length / 1024)} kB`;
    console.log(
      `| ${name} | ${size} | ${way} | ${(m.ms / 1000).toFixed(2)} s | ${m.outcome} | ${m.maxDelay.toFixed(0)} ms | ${m.p99.toFixed(0)} ms | ${m.peak.toFixed(0)} MB |`,
    );
  }
}
