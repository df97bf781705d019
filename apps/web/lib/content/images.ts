import fs from 'node:fs';
import path from 'node:path';

/**
 * The pixel size of a PNG under `public/`, read from its header (the IHDR chunk: width and height as big-endian
 * 32-bit integers at bytes 16 and 20), or null for anything else. Docs images are screenshots in PNG.
 */
export function publicPngSize(src: string): { width: number; height: number } | null {
  if (!src.startsWith('/') || src.startsWith('//') || !src.endsWith('.png')) return null;
  const publicDir = path.join(process.cwd(), 'public');
  const file = path.join(publicDir, path.normalize(src));
  if (!file.startsWith(publicDir + path.sep)) return null;
  let header: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      header = Buffer.alloc(24);
      fs.readSync(fd, header, 0, 24, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
  if (header.toString('latin1', 1, 4) !== 'PNG' || header.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}
