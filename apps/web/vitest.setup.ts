// The web app reads its content and messages relative to its own folder, as `next build` and
// `next start` run there; tests started from the repository root run there too.
process.chdir(import.meta.dirname);
