import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

const assetRoute = await import('@/app/api/files/pdfjs/[folder]/[name]/route');
const get = (folder: string, name: string) =>
  assetRoute.GET(new NextRequest(`http://localhost/api/files/pdfjs/${folder}/${encodeURIComponent(name)}`), { params: Promise.resolve({ folder, name }) });

describe('GET /api/files/pdfjs/:folder/:name', () => {
  it("serves pdf.js's character maps and standard fonts", async () => {
    const cmap = await get('cmaps', 'UniGB-UCS2-H.bcmap');
    expect(cmap.status).toBe(200);
    expect((await cmap.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await get('standard_fonts', 'FoxitSerif.pfb')).status).toBe(200);
  });

  it('finds nothing outside those two folders, and no path steps', async () => {
    for (const [folder, name] of [
      ['cmaps', '../package.json'],
      ['cmaps', '..%2Fpackage.json'],
      ['build', 'pdf.mjs'],
      ['cmaps', 'missing.bcmap'],
      ['standard_fonts', 'LICENSE_FOXIT'],
    ]) {
      const response = await get(folder!, name!);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }
  });
});
