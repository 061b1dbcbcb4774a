import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Throwaway PostgreSQL clusters made from the machine's own binaries (/usr/lib/postgresql/<v>/bin), for tests
 * that need servers of their own: a primary and a streaming standby (test/replica.test.ts). The shared server
 * of TEST_DATABASE_URL is never touched. PostgreSQL refuses to run as root, so as root the commands run as the
 * `postgres` user (runuser); as that user, directly; as anyone else the clusters are unavailable.
 */
function findBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter(
      (v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    };
  } catch {
    return undefined;
  }
}

const BIN = findBin();
const IDS = postgresIds();
const IS_ROOT = process.getuid?.() === 0;
const RUNS_AS_POSTGRES = IDS !== undefined && (process.getuid?.() === IDS.uid || (IS_ROOT && fs.existsSync('/usr/sbin/runuser')));

/** Why clusters cannot be made here, or undefined when they can. */
export const clustersUnavailable: string | undefined = !BIN
  ? 'no PostgreSQL binaries (initdb, pg_basebackup) under /usr/lib/postgresql/*/bin'
  : !RUNS_AS_POSTGRES
    ? 'cannot run as the postgres user (needs root with runuser, or to be postgres)'
    : undefined;

function run(cmd: string, args: string[]) {
  const full = path.join(BIN!, cmd);
  const r = IS_ROOT ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args]) : spawnSync(full, args);
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr?.toString() ?? ''}${r.stdout?.toString() ?? ''}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  dir: string;
  port: number;
  /** URL of a database on it, connecting as postgres over TCP. */
  url(db: string): string;
  start(): void;
  stop(): void;
}

function cluster(dir: string, port: number): Cluster {
  return {
    dir,
    port,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () => run('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    stop: () => run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', '-t', '60', 'stop']),
  };
}

/** A temp folder the postgres user owns, for the clusters; remove() stops nothing, call it after stopping them. */
export function clusterRoot(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-pg-'));
  if (IS_ROOT) fs.chownSync(dir, IDS!.uid, IDS!.gid);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** initdb a primary that allows streaming replication from 127.0.0.1 (trust), and start it. */
export async function makePrimary(root: string): Promise<Cluster> {
  const dir = path.join(root, 'primary');
  const port = await freePort();
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  fs.appendFileSync(
    path.join(dir, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      // Throwaway clusters: no need to wait for the disk.
      'fsync = off',
      'synchronous_commit = off',
      '',
    ].join('\n'),
  );
  fs.appendFileSync(path.join(dir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n');
  const c = cluster(dir, port);
  c.start();
  return c;
}

/** pg_basebackup -R of the primary into a standby on another port, started. */
export async function makeStandby(root: string, primary: Cluster): Promise<Cluster> {
  const dir = path.join(root, 'standby');
  const port = await freePort();
  // A fast checkpoint: the default spread one waits up to minutes for an idle primary.
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // The copied postgresql.conf names the primary's port; a later line wins.
  fs.appendFileSync(path.join(dir, 'postgresql.conf'), `port = ${port}\n`);
  const c = cluster(dir, port);
  c.start();
  return c;
}
