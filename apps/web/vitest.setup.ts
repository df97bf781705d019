// The web app reads its content and messages relative to its own folder, as `next build` and
// `next start` run there; tests started from the repository root run there too.
process.chdir(import.meta.dirname);
// Tests never reach the real network: the literature sources are the local corpus unless a test points an online
// source at a replay server itself.
process.env.SCHOLAR_SOURCES = 'local';
// The features the embedded platform services ask of the product (lib/ never imports them itself).
await import('./platform-hooks');
