// Every offered style renders from the bundled files, without touching the network, and the embedded copies are
// the files in packages/scholar/csl.
import child_process from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mixedPapers } from './fixtures/mixed-papers';

type Format = typeof import('./format');
type Engine = typeof import('./engine');
type Styles = typeof import('./styles');

const attempts: string[] = [];
let format: Format;
let engine: Engine;
let styles: Styles;

beforeAll(async () => {
  // Trap every way citation-js could reach the network before it is loaded: sockets (node-fetch, http),
  // global fetch, and the child process sync-fetch runs.
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
    attempts.push('socket');
    throw new Error('no network in this test');
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    attempts.push(`fetch ${String(input)}`);
    throw new Error('no network in this test');
  });
  vi.spyOn(child_process, 'execFileSync').mockImplementation(() => {
    attempts.push('execFileSync');
    throw new Error('no network in this test');
  });
  [format, engine, styles] = await Promise.all([import('./format'), import('./engine'), import('./styles')]);
});
afterAll(() => vi.restoreAllMocks());

describe('citation styles', () => {
  it('lists every style with English and Chinese names', () => {
    expect(styles.CITATION_STYLES.map((s) => s.id)).toEqual([...styles.CITATION_STYLE_IDS]);
    for (const style of styles.CITATION_STYLES) {
      expect(style.name.en).toMatch(/\w/);
      expect(style.name.zh).not.toBe('');
    }
  });

  it('renders a bibliography and a citation in every style, as text and HTML, offline', () => {
    for (const style of styles.CITATION_STYLE_IDS) {
      const text = format.formatBibliography(mixedPapers, { style });
      expect(text.split('\n')).toHaveLength(mixedPapers.length);
      for (const paper of mixedPapers) expect(text.toLowerCase()).toContain(paper.title.slice(0, 12).toLowerCase());
      const html = format.formatBibliography(mixedPapers, { style, format: 'html' });
      expect(html).toMatch(/^<div class="csl-bib-body">/);
      expect(format.formatCitation(mixedPapers, { style, cite: ['en-journal'] })).toMatch(/Jumper|2/);
    }
    expect(attempts).toEqual([]);
  });

  it('spot-checks the English styles', () => {
    const alphaFold = [mixedPapers[1]!];
    expect(format.formatBibliography(alphaFold, { style: 'apa' })).toBe(
      'Jumper, J., Evans, R., Pritzel, A., Green, T., & Figurnov, M. (2021). Highly accurate protein structure prediction with AlphaFold. Nature, 596(7873), 583–589. https://doi.org/10.1038/s41586-021-03819-2',
    );
    expect(format.formatBibliography(alphaFold, { style: 'vancouver' })).toBe(
      '1. Jumper J, Evans R, Pritzel A, Green T, Figurnov M. Highly accurate protein structure prediction with AlphaFold. Nature. 2021 Aug 26;596(7873):583–9. doi:10.1038/s41586-021-03819-2',
    );
    expect(format.formatCitation(alphaFold, { style: 'chicago-author-date' })).toBe('(Jumper et al. 2021)');
    // Only English-language titles are title-cased; Chinese names stay whole.
    expect(format.formatBibliography([mixedPapers[0]!], { style: 'mla' })).toBe(
      '张伟, et al. “基于深度学习的中文学术文献检索方法.” 计算机学报, vol. 44, no. 5, 2021, pp. 1023–37.',
    );
  });

  it('keeps markup in titles and ids from becoming HTML', () => {
    const hostile = { ...mixedPapers[1]!, id: 'x" onmouseover="alert(1)', title: '<script>alert(1)</script> & <img src=x onerror=alert(1)>' };
    const html = format.formatBibliography([hostile], { style: 'apa', format: 'html' });
    expect(html).toContain('data-csl-entry-id="x&quot; onmouseover=&quot;alert(1)"');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toMatch(/<script|<img|onmouseover="/);
    expect(format.formatBibliographyEntries([hostile], { style: 'ieee', format: 'html' })[0]!.id).toBe(hostile.id);
  });

  it('rejects an unknown style with the list of known ones', () => {
    expect(() => format.formatBibliography(mixedPapers, { style: 'acm' as never })).toThrow(/unknown citation style "acm"; known styles: apa, ieee/);
  });

  it('registers exactly the bundled files, the GB/T ones as bilingual derivations', async () => {
    const generated = await import('./csl-files.generated');
    for (const style of styles.CITATION_STYLES) {
      const xml = engine.registeredStyleXml(style.id)!;
      if (style.bilingual) {
        expect(xml).toContain('<layout suffix="." locale="en">');
        expect(xml).toContain('-citewise-bilingual</id>');
      } else expect(xml).toBe(generated.STYLE_FILES[style.file]);
    }
  });

  it('embeds the files in packages/scholar/csl unchanged', async () => {
    const generated = await import('./csl-files.generated');
    const root = path.join(import.meta.dirname, '..', '..', 'csl');
    const onDisk = (folder: string) => fs.readdirSync(path.join(root, folder)).sort();
    expect(Object.keys(generated.STYLE_FILES).map((n) => `${n}.csl`)).toEqual(onDisk('styles'));
    for (const [name, xml] of Object.entries(generated.STYLE_FILES)) expect(xml).toBe(fs.readFileSync(path.join(root, 'styles', `${name}.csl`), 'utf8'));
    for (const [tag, xml] of Object.entries(generated.LOCALE_FILES))
      expect(xml).toBe(fs.readFileSync(path.join(root, 'locales', `locales-${tag}.xml`), 'utf8'));
    expect(fs.existsSync(path.join(root, 'LICENSE.md'))).toBe(true);
  });

  it('would notice a fetch: the traps catch citation-js fetching a URL', async () => {
    const { util } = (await import('@citation-js/core')) as unknown as { util: { fetchFile(url: string): string } };
    expect(() => util.fetchFile('https://example.org/style.csl')).toThrow();
    expect(attempts).toContain('execFileSync');
    attempts.length = 0;
  });
});
