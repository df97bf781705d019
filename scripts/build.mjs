// @ts-check
// npm run build: always make a fresh production build and record its fingerprint.
import { ensureBuild } from './lib/build.mjs';

ensureBuild({ force: true });
