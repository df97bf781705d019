// Runs before `next build`: decides this build's id and publishes it at /builds/latest.json, where
// open pages poll for it to notice a new deployment. `BUILD_ID` overrides the generated id, so a
// build made once and copied to many machines keeps one id everywhere.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'nogit';
  }
}

const id = process.env.BUILD_ID || `${gitCommit()}-${Date.now().toString(36)}`;
if (!/^[\w.-]{1,64}$/.test(id)) {
  console.error(`BUILD_ID must be 1-64 characters of letters, digits, '.', '_' or '-'; got ${JSON.stringify(id)}`);
  process.exit(1);
}
const dir = path.join(import.meta.dirname, '..', 'public', 'builds');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify({ id, timestamp: Date.now() })}\n`);
console.log(`build id ${id}`);
