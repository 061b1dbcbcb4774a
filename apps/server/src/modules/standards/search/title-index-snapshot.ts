import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../../db/client.ts';
import { readCatalogueVersion } from '../catalogue/catalogue-cache.ts';
import { TitleIndex, type TitleIndexParts } from './title-index.ts';
import { changedIdsBetween } from './index-changes.ts';
import type { NumberRow } from './title-index-numbers.ts';

/**
 * The title index written to disk after each build and read back at the next start (docs/decisions/0114): at
 * 5,000,000 records a build takes 40–85 s depending on the machine, reading the file a few seconds. A file is read
 * only when it holds the catalogue as stored now (same database, same catalogue version, same record count and
 * largest id, and a sample of records with the same title and status), or one the change log carries it to (at most
 * a few thousand records changed since, decisions/0117 and 0118), and was written by the same code; otherwise the
 * index is built as before. The file is written beside and then renamed over the old one, so a reader never
 * sees half a file, and a file cut short (a crash, a full disk) is refused by its size.
 */

const FILE = 'title-index.bin';
const MAGIC = 'ZSTIDX01';
/** How many records a load compares with the database (spread evenly over the ordinals). */
const SAMPLE = 256;

type Kind = 'i32' | 'u32' | 'u16' | 'u8' | 'utf16';
interface Section {
  name: string;
  kind: Kind;
  offset: number;
  bytes: number;
}

/** Where the catalogue came from: a file of another database (or a restored copy gone its own way) is refused. */
interface Identity {
  system: string;
  database: string;
  version: number;
  records: number;
  maxId: number;
  /** "Every record" rows in the change log (migration 0082): a bulk load or a restore adds one. */
  resets: number;
}

interface Header {
  code: string;
  identity: Identity;
  sections: Section[];
  overflow: [string, number][];
  numbers?: { seriesNames: string[]; seps: string[]; irregular: [number, string, string][]; regular: number };
}

/**
 * The code that wrote a file must be the code that reads it: the files that lay the index out (TypeScript sources in
 * development and tests), or every file of the compiled server (dist, where the index's code sits in a chunk among
 * others). A change to either, a deploy, means the next start builds.
 */
let codeId: string | undefined;
function codeIdentity(): string {
  if (codeId) return codeId;
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  const files = here.endsWith('.ts')
    ? [
        'title-index.ts',
        'title-index-builder.ts',
        'title-index-numbers.ts',
        'title-index-store.ts',
        'title-index-snapshot.ts',
        'search-sql.ts',
      ].map((f) => path.join(dir, f))
    : fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .sort()
        .map((f) => path.join(dir, f));
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(path.basename(f)).update(fs.readFileSync(f));
  return (codeId = hash.digest('hex'));
}

async function identityOf(db: Database): Promise<Identity> {
  const [row] = await db.query<{ system: string; database: string; records: string; maxId: string | null; resets: string }>(
    `select (select system_identifier::text from pg_control_system()) as system, current_database() as database,
       count(*)::text as records, max(id)::text as "maxId",
       (select count(*) from standard_index_changes where id is null)::text as resets
     from standards`,
  );
  const version = await readCatalogueVersion(db);
  const { system, database } = row!;
  return {
    system,
    database,
    version,
    records: Number(row!.records),
    maxId: Number(row!.maxId ?? 0),
    resets: Number(row!.resets),
  };
}

const ARRAY = { i32: Int32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array } as const;
const align8 = (n: number) => Math.ceil(n / 8) * 8;
/** Title text is written this many characters at a time (a 200 MB buffer at once would only swell the process). */
const TEXT_SLICE = 1 << 20;

/** The typed arrays of an index by section name, in file order. */
function arraysOf(p: TitleIndexParts): [string, Exclude<Kind, 'utf16'>, ArrayBufferView][] {
  const out: [string, Exclude<Kind, 'utf16'>, ArrayBufferView][] = [
    ['ids', 'i32', p.ids],
    ['starts', 'i32', p.titles.starts],
    ['lengths', 'u16', p.titles.lengths],
    ['first', 'u16', p.titles.first],
    ['flags', 'u8', p.flags],
    ['keys', 'u32', p.post.keys],
    ['offsets', 'i32', p.post.offsets],
    ['postings', 'i32', p.post.postings],
  ];
  const n = p.numbers;
  if (n)
    out.push(
      ['rank', 'i32', n.rank],
      ['series', 'u16', n.series],
      ['run', 'u32', n.run],
      ['meta', 'u8', n.meta],
      ['byNumber', 'i32', n.side.byNumber],
      ['groupKeys', 'i32', n.side.groupKeys],
      ['groupStarts', 'i32', n.side.groupStarts],
    );
  return out;
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * Writes the index for the catalogue it was built from; false when the catalogue moved on meanwhile (that file would
 * be refused anyway). The work is the file system's (libuv's threads): the server's thread only hands it buffers.
 */
export async function saveTitleIndex(db: Database, dir: string, index: TitleIndex): Promise<boolean> {
  // An overlaid index's arrays are of an earlier version (decisions/0118): its build's file is the one to keep.
  if (index.changed) return false;
  const identity = await identityOf(db);
  if (identity.version !== index.version || identity.records !== index.size) return false;
  // Instances sharing DATA_DIR each build the same index after a write: the first to finish writes it, the rest
  // find it there and skip 100s of MB of writing.
  const there = await readHeader(path.join(dir, FILE)).catch(() => undefined);
  if (there && there.code === codeIdentity() && sameIdentity(there.identity, identity)) return true;
  const p = index.parts();
  const arrays = arraysOf(p);
  const textBytes = p.titles.text.length * 2;
  // Offsets are laid out once the header's length is known; the header's own length does not depend on them
  // beyond their digits, so it is measured with the largest offset possible and padded.
  const total = arrays.reduce((s, [, , a]) => s + align8(a.byteLength), 0) + align8(textBytes);
  const draft = (base: number): Header => {
    let at = base;
    const sections: Section[] = arrays.map(([name, kind, a]) => {
      const s = { name, kind, offset: at, bytes: a.byteLength };
      at += align8(a.byteLength);
      return s;
    });
    sections.push({ name: 'text', kind: 'utf16', offset: at, bytes: textBytes });
    const num = p.numbers;
    return {
      code: codeIdentity(),
      identity,
      sections,
      overflow: [...p.post.overflow],
      numbers: num && {
        seriesNames: num.seriesNames,
        seps: num.seps,
        irregular: [...num.irregular].map(([o, r]) => [o, r.noKey, r.noPrefix]),
        regular: num.side.regular,
      },
    };
  };
  const room = align8(16 + Buffer.byteLength(JSON.stringify(draft(Number.MAX_SAFE_INTEGER - total))));
  const laidOut = draft(room);
  const header = Buffer.from(JSON.stringify(laidOut));
  await fs.promises.mkdir(dir, { recursive: true });
  await removeAbandoned(dir);
  const target = path.join(dir, FILE);
  const tmp = `${target}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  const fh = await fs.promises.open(tmp, 'w');
  try {
    const prefix = Buffer.alloc(16);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(header.length, 8);
    await fh.write(prefix, 0, 16, 0);
    await fh.write(header, 0, header.length, 16);
    const sections = laidOut.sections;
    for (let i = 0; i < arrays.length; i++) {
      const b = bytesOf(arrays[i]![2]);
      if (b.length) await fh.write(b, 0, b.length, sections[i]!.offset);
    }
    const text = p.titles.text;
    let at = sections[sections.length - 1]!.offset;
    for (let c = 0; c < text.length; c += TEXT_SLICE) {
      const b = Buffer.from(text.slice(c, c + TEXT_SLICE), 'utf16le');
      await fh.write(b, 0, b.length, at);
      at += b.length;
    }
    await fh.truncate(room + total);
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => undefined);
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
  await fh.close();
  await fs.promises.rename(tmp, target);
  return true;
}

/** A write is seconds long: a temporary file an hour old was left by a process that stopped while writing. */
async function removeAbandoned(dir: string) {
  for (const f of await fs.promises.readdir(dir)) {
    if (!f.startsWith(`${FILE}.`) || !f.endsWith('.tmp')) continue;
    const at = path.join(dir, f);
    const st = await fs.promises.stat(at).catch(() => undefined);
    if (st && Date.now() - st.mtimeMs > 3_600_000) await fs.promises.rm(at, { force: true });
  }
}

/** Why a file was not used: none there, or refused (another catalogue, other code, damaged). */
export type LoadRefusal = 'none' | 'code' | 'catalogue' | 'damaged' | 'sample';

/**
 * The index as the file holds it when that is the catalogue as stored now, else why not. Every section is read
 * straight into the array that keeps it (no copy of the file in memory beside the index).
 */
export async function loadTitleIndex(db: Database, dir: string, maxChanged = 0): Promise<TitleIndex | LoadRefusal> {
  let fh: fs.promises.FileHandle;
  try {
    fh = await fs.promises.open(path.join(dir, FILE), 'r');
  } catch {
    return 'none';
  }
  try {
    const header = await headerOf(fh);
    if (!header) return 'damaged';
    if (header.code !== codeIdentity()) return 'code';
    const was = header.identity;
    const now = await identityOf(db);
    const changed = sameIdentity(now, was) ? new Int32Array(0) : await changedSince(db, was, now, maxChanged);
    if (!changed) return 'catalogue';
    const arrays = new Map<string, ArrayBufferView>();
    let text = '';
    for (const s of header.sections) {
      if (s.kind === 'utf16') {
        const b = Buffer.allocUnsafe(s.bytes);
        await readFully(fh, b, s.offset);
        text = b.toString('utf16le');
        continue;
      }
      // Shared memory, as a build makes it: the partial-ranking thread reads the lists too (ADR 0126).
      const a = new (ARRAY[s.kind] as new (b: SharedArrayBuffer) => ArrayBufferView)(new SharedArrayBuffer(s.bytes));
      await readFully(fh, bytesOf(a), s.offset);
      arrays.set(s.name, a);
    }
    const get = <T extends ArrayBufferView>(name: string) => arrays.get(name) as T;
    const num = header.numbers;
    const parts: TitleIndexParts = {
      version: was.version,
      ids: get('ids'),
      titles: { text, starts: get('starts'), lengths: get('lengths'), first: get('first') },
      flags: get('flags'),
      post: { keys: get('keys'), offsets: get('offsets'), postings: get('postings'), overflow: new Map(header.overflow) },
      numbers: num && {
        rank: get('rank'),
        seriesNames: num.seriesNames,
        series: get('series'),
        seps: num.seps,
        run: get('run'),
        meta: get('meta'),
        irregular: new Map<number, NumberRow>(num.irregular.map(([o, noKey, noPrefix]) => [o, { noKey, noPrefix }])),
        side: { byNumber: get('byNumber'), regular: num.regular, groupKeys: get('groupKeys'), groupStarts: get('groupStarts') },
      },
    };
    if (parts.ids.length !== was.records || parts.titles.starts[was.records] !== text.length) return 'damaged';
    if (!(await sampleHolds(db, parts, changed))) return 'sample';
    return TitleIndex.fromParts(parts);
  } catch {
    return 'damaged';
  } finally {
    await fh.close();
  }
}

const sameIdentity = (a: Identity, b: Identity) => (Object.keys(a) as (keyof Identity)[]).every((k) => a[k] === b[k]);

/**
 * The catalogue moved on since the file was written: the records changed since as the change log lists them
 * (search/index-changes.ts), when at most `max` and no "every record" row was added (a bulk load, a restore); the
 * store then follows the file's index to the version stored now (decisions/0117, 0118). Without changes the records
 * are the same ones: same count, same largest id.
 */
async function changedSince(db: Database, was: Identity, now: Identity, max: number): Promise<Int32Array | undefined> {
  const same = (k: keyof Identity) => was[k] === now[k];
  if (!same('system') || !same('database') || !same('resets') || now.version < was.version) return undefined;
  const changed = await changedIdsBetween(db, was.version, now.version, max);
  if (!changed || (!changed.length && !(same('records') && same('maxId')))) return undefined;
  return changed;
}

/** The file's header, or undefined when it does not start as this format's files do. */
async function headerOf(fh: fs.promises.FileHandle): Promise<Header | undefined> {
  const size = (await fh.stat()).size;
  const prefix = Buffer.alloc(16);
  await fh.read(prefix, 0, 16, 0);
  if (prefix.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const headerLength = prefix.readUInt32LE(8);
  if (16 + headerLength > size) return undefined;
  const raw = Buffer.alloc(headerLength);
  await fh.read(raw, 0, headerLength, 16);
  const header = JSON.parse(raw.toString('utf8')) as Header;
  // A file cut short (a crash while copying it, a full disk) ends before its last section.
  return header.sections.every((s) => s.offset + s.bytes <= size) ? header : undefined;
}

async function readHeader(file: string): Promise<Header | undefined> {
  const fh = await fs.promises.open(file, 'r');
  try {
    return await headerOf(fh);
  } finally {
    await fh.close();
  }
}

async function readFully(fh: fs.promises.FileHandle, into: Uint8Array, offset: number) {
  // One read returns at most 2 GB (and may return less): read until the array is full.
  for (let done = 0; done < into.length;) {
    const { bytesRead } = await fh.read(into, done, Math.min(into.length - done, 1 << 30), offset + done);
    if (!bytesRead) throw new Error('title index file cut short');
    done += bytesRead;
  }
}

/**
 * Records spread over the index have the id, title and in-force flag the database holds for them, but those the change
 * log lists as changed since (`changed`, sorted).
 */
async function sampleHolds(db: Database, p: TitleIndexParts, changed: Int32Array): Promise<boolean> {
  const n = p.ids.length;
  if (!n) return true;
  const listed = new Set(changed);
  const ords = [
    ...new Set(Array.from({ length: Math.min(SAMPLE, n) }, (_, i) => Math.floor((i * n) / Math.min(SAMPLE, n)))),
  ].filter((o) => !listed.has(p.ids[o]!));
  const rows = await db.query<{ id: number; name: string; inForce: boolean }>(
    `select id::int as id, name_zh as name, status in ('current', 'upcoming') as "inForce" from standards where id = any($1::int[])`,
    [ords.map((o) => p.ids[o]!)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ords.every((o) => {
    const row = byId.get(p.ids[o]!);
    const title = p.titles.text.slice(p.titles.starts[o]!, p.titles.starts[o + 1]!);
    return row !== undefined && row.name === title && row.inForce === ((p.flags[o]! & 1) === 1);
  });
}
