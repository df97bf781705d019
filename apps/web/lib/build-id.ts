import fs from 'node:fs';
import path from 'node:path';

/** The id written by scripts/write-build-id.mjs for the build being made (or `development`). */
export function readBuildId(root: string): string {
  try {
    const file = path.join(root, 'public', 'builds', 'latest.json');
    const { id } = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string };
    return id;
  } catch {
    return 'development';
  }
}
