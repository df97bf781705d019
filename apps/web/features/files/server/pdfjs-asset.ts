import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The data files pdf.js reads on demand, served from the installed pdfjs-dist: character maps (`cmaps/*.bcmap`),
 * which a PDF with non-embedded Chinese, Japanese or Korean fonts needs for its text, and the standard fonts
 * (`standard_fonts/*`) for the 14 fonts PDFs may name without embedding. Only plain file names of these two
 * folders are served; anything else is not found.
 */
const folders = { cmaps: /^[A-Za-z0-9_.-]+\.bcmap$/, standard_fonts: /^[A-Za-z0-9_.-]+\.(pfb|ttf)$/ } as const;
export type PdfjsAssetFolder = keyof typeof folders;

/**
 * Where pdfjs-dist is installed: the server runs in apps/web (tests from the repository's root), and an install
 * may hoist the package to the root's node_modules.
 */
const packageDirs = ['.', 'apps/web', '../..'].map((dir) => path.join(process.cwd(), dir, 'node_modules', 'pdfjs-dist'));

export async function readPdfjsAsset(folder: string, name: string): Promise<Buffer | null> {
  if (!Object.hasOwn(folders, folder) || !folders[folder as PdfjsAssetFolder].test(name) || name.startsWith('.')) return null;
  for (const dir of packageDirs) {
    try {
      return await fs.readFile(path.join(dir, folder, name));
    } catch {
      // Not in this install location; try the next.
    }
  }
  return null;
}
