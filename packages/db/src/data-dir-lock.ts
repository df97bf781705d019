// One owner per data directory. Two processes on one PGlite directory each see only their own writes and
// leave a database that no longer opens, so whoever opens DATA_DIR first holds `DATA_DIR/citewise.lock`
// (created exclusively) and every other opener stops with one line naming the holder.
//
// Ownership is shared down one process tree only: `npm start` takes the lock before it builds, and hands its
// token to the processes it spawns (CITEWISE_DATA_DIR_LOCK); those join the holder's members instead of
// refusing. The lock is stale once no member is alive (a crash or kill -9 leaves the file behind): a member
// counts as alive while its pid runs and, on Linux, is not a zombie and was started at the same moment as the
// recorded one, so neither a killed holder not yet reaped nor a reused pid (a restarted container) keeps the
// directory locked.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'citewise.lock';
export const LOCK_TOKEN_ENV = 'CITEWISE_DATA_DIR_LOCK';

interface Member {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux), to tell a reused pid apart. */
  started: string | null;
}

export interface LockRecord {
  token: string;
  port: string | null;
  command: string;
  since: string;
  hostname: string;
  members: Member[];
}

export interface DataDirLock {
  /** Passed to child processes in LOCK_TOKEN_ENV so they may open the directory under this lock. */
  token: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockRecord,
  ) {
    const [first] = holder.members;
    const where = holder.port ? `port ${holder.port}` : holder.command;
    super(
      `DATA_DIR ${dataDir} is in use by pid ${first?.pid} (${where}, since ${holder.since}): stop that process first, ` +
        `or give this one another DATA_DIR; while the server runs, work on its data through the server (several instances need DATABASE_URL).`,
    );
  }
}

/** Fields 3 onwards of `/proc/PID/stat` (Linux), or null where there is no such file. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in field 2 may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Start time of a process in clock ticks since boot (field 22), to tell a reused pid apart. */
function processStart(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

function alive(member: Member, own: boolean): boolean {
  if (member.pid === process.pid) return own;
  try {
    process.kill(member.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const fields = statFields(member.pid);
  // A killed process stays a zombie until its parent reaps it, and kill(pid, 0) still succeeds on one; a
  // supervisor restarting at once after a crash would otherwise be refused by the dead holder (state Z or X).
  if (fields && (fields[0] === 'Z' || fields[0] === 'X')) return false;
  const started = member.started ? (fields?.[19] ?? null) : null;
  return !(member.started && started && started !== member.started);
}

function readRecord(file: string): LockRecord | null {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as LockRecord;
    return Array.isArray(record.members) ? record : null;
  } catch {
    return null;
  }
}

function writeRecord(file: string, record: LockRecord, flag: 'wx' | 'replace') {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  if (flag === 'wx') return fs.writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** Moves a stale lock aside; if what was moved is not the stale one (someone took the lock meanwhile), puts it back. */
function removeStale(file: string, stale: LockRecord | null) {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readRecord(aside);
  if (stale && moved && moved.token !== stale.token) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // A third process holds the lock now; the one moved aside is the lock of a process that lost the race.
    }
  }
  fs.rmSync(aside, { force: true });
}

const held = new Map<string, { lock: DataDirLock; count: number }>();

/**
 * Takes the lock on `dataDir`, or joins it when this process descends from its holder; throws
 * DataDirLockedError when another live process holds it. Taken twice in one process, it is counted.
 */
export function acquireDataDirLock(dataDir: string, options: { port?: string | null; command?: string } = {}): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = held.get(file);
  if (mine) {
    mine.count += 1;
    return mine.lock;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const me: Member = { pid: process.pid, started: processStart(process.pid) };
  const inherited = process.env[LOCK_TOKEN_ENV];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const record: LockRecord = {
      token: randomBytes(16).toString('hex'),
      port: options.port ?? null,
      command: options.command ?? path.basename(process.argv[1] ?? process.argv0),
      since: new Date().toISOString(),
      hostname: os.hostname(),
      members: [me],
    };
    try {
      writeRecord(file, record, 'wx');
      return remember(file, record.token, true);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readRecord(file);
    const live = holder?.members.filter((member) => alive(member, false)) ?? [];
    if (holder && live.length > 0) {
      if (inherited !== holder.token) throw new DataDirLockedError(dataDir, { ...holder, members: live });
      writeRecord(file, { ...holder, members: [...live, me] }, 'replace');
      return remember(file, holder.token, false);
    }
    removeStale(file, holder);
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands`);
}

function remember(file: string, token: string, owner: boolean): DataDirLock {
  const lock: DataDirLock = {
    token,
    release() {
      const entry = held.get(file);
      if (!entry || (entry.count -= 1) > 0) return;
      held.delete(file);
      process.off('exit', onExit);
      const current = readRecord(file);
      if (!current || current.token !== token) return;
      const others = current.members.filter((member) => member.pid !== process.pid && alive(member, false));
      // The owner's exit ends the lock; a member leaving only takes itself off the list.
      if (owner || others.length === 0) fs.rmSync(file, { force: true });
      else writeRecord(file, { ...current, members: others }, 'replace');
    },
  };
  const onExit = () => {
    const entry = held.get(file);
    if (entry) entry.count = 1;
    lock.release();
  };
  held.set(file, { lock, count: 1 });
  process.on('exit', onExit);
  return lock;
}
