// Sign-in (password grant) and refresh-grant throughput and latency of platform/auth, each next to the floor
// for the same work measured in the same run: bcrypt comparisons at cost 10 for sign-in; one ES256 JWT
// signature plus one indexed row update for refresh. The ratio shows the service's overhead above the floor.
// Usage: npm run bench:auth [-- --seconds 5 --concurrency 8 --rounds 5]   (PGlite in memory; DATABASE_URL for PostgreSQL)
import os from 'node:os';
import { parseArgs } from 'node:util';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { SignJWT, generateKeyPair } from 'jose';
import { openDatabase, migrate, queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createAuthService, loadAuthConfig, migrations } from '@citewise/platform-auth';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '8' }, rounds: { type: 'string', default: '5' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const handle = await openDatabase({ url: process.env.DATABASE_URL });
await migrate(handle, [migrations]);
const service = await createAuthService({
  db: handle.db,
  config: loadAuthConfig({ SITE_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_DISABLED: 'true', AUTH_MAILER_AUTOCONFIRM: 'true' }),
  basePath: '/platform',
});
const base = 'http://localhost:3000/platform/auth/v1';
const PASSWORD = 'bench-Passw0rd-long';

async function call(path: string, body: unknown) {
  const response = await service.fetch(
    new Request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ refresh_token: string }>;
}

/** Runs `op` from `concurrency` workers for `slice` seconds; returns the count and each latency in ms. */
async function run(op: (worker: number) => Promise<unknown>, slice: number) {
  const latencies: number[] = [];
  const end = performance.now() + slice * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        await op(worker);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

function summary(latencies: number[], totalSeconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { rate: sorted.length / totalSeconds, p50: pick(0.5), p99: pick(0.99) };
}

/**
 * Measures an operation and its floor in alternating slices (`rounds` of each, `seconds` in all per side), so a
 * change in the machine's load hits both alike; the ratio of each round is kept to show the spread.
 */
async function againstFloor(floor: (worker: number) => Promise<unknown>, op: (worker: number) => Promise<unknown>) {
  const slice = seconds / rounds;
  const all = { floor: [] as number[], op: [] as number[] };
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const floorRun = await run(floor, slice);
    const opRun = await run(op, slice);
    all.floor.push(...floorRun);
    all.op.push(...opRun);
    ratios.push(opRun.length / Math.max(1, floorRun.length));
  }
  ratios.sort((a, b) => a - b);
  return { floor: summary(all.floor, seconds), op: summary(all.op, seconds), ratios };
}

// Setup: one user per worker, each with a session to refresh.
// Addresses unique to this run, so a database kept from an earlier run (DATABASE_URL) can be measured again.
const runId = Date.now().toString(36);
const emails = Array.from({ length: concurrency }, (_, i) => `bench${i}-${runId}@example.com`);
for (const email of emails) await call('/signup', { email, password: PASSWORD });
const refreshTokens = await Promise.all(emails.map(async (email) => (await call('/token?grant_type=password', { email, password: PASSWORD })).refresh_token));

const hash = await bcrypt.hash(PASSWORD, 10);
const { privateKey } = await generateKeyPair('ES256');
const [session] = await queryRows<{ id: string }>(handle.db, sql`select id from auth.sessions limit 1`);

const signIns = await againstFloor(
  () => bcrypt.compare(PASSWORD, hash),
  (w) => call('/token?grant_type=password', { email: emails[w], password: PASSWORD }),
);
const refreshes = await againstFloor(
  async () => {
    await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    await handle.db.execute(sql`update auth.sessions set refreshed_at = now() where id = ${session!.id}`);
  },
  async (w) => {
    refreshTokens[w] = (await call('/token?grant_type=refresh_token', { refresh_token: refreshTokens[w] })).refresh_token;
  },
);
const rows = [
  { name: 'floor: bcrypt compare (cost 10)', result: signIns.floor },
  { name: 'sign-in: POST /token?grant_type=password', result: signIns.op },
  { name: 'floor: ES256 signature + indexed update', result: refreshes.floor },
  { name: 'refresh: POST /token?grant_type=refresh_token', result: refreshes.op },
];

// Statements each operation sends (on PostgreSQL, where each is a round trip; BEGIN and COMMIT count): steadier
// than times on a busy machine, and what "one round of work" means.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
async function statementsOf(op: () => Promise<unknown>) {
  const before = statements;
  await op();
  return statements - before;
}
const counts =
  handle.kind === 'postgres'
    ? {
        signIn: await statementsOf(() => call('/token?grant_type=password', { email: emails[0], password: PASSWORD })),
        refresh: await statementsOf(async () => {
          refreshTokens[0] = (await call('/token?grant_type=refresh_token', { refresh_token: refreshTokens[0] })).refresh_token;
        }),
      }
    : null;
pg.Client.prototype.query = query;

console.log(
  `\nplatform/auth on ${handle.kind}, ${concurrency} concurrent callers, ${seconds} s each, in ${rounds} alternating slices (load ${os.loadavg()[0]!.toFixed(1)})\n`,
);
console.log('operation'.padEnd(48), 'ops/s'.padStart(9), 'p50 ms'.padStart(9), 'p99 ms'.padStart(9));
for (const { name, result } of rows) {
  console.log(name.padEnd(48), result.rate.toFixed(1).padStart(9), result.p50.toFixed(2).padStart(9), result.p99.toFixed(2).padStart(9));
}
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const spread = (ratios: number[]) =>
  `slices ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}, median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}`;
console.log(`\nsign-in at ${ratio(rows[1]!.result.rate, rows[0]!.result.rate)}× the bcrypt floor (${spread(signIns.ratios)})`);
console.log(`refresh at ${ratio(rows[3]!.result.rate, rows[2]!.result.rate)}× the signature+update floor (${spread(refreshes.ratios)})`);
if (counts) console.log(`statements sent: sign-in ${counts.signIn} (floor 0), refresh ${counts.refresh} (floor 1)`);
await handle.close();
