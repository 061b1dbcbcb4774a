import fs from 'node:fs';
import zlib from 'node:zlib';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Decompression limits for the zips the server opens (XLSX, DOCX): ADR 0077. An XLSX is read by exceljs,
 * which inflates every part; a zip bomb (a few KB that inflate to GBs) would hold the CPU, fill the temp
 * folder and leave the process's memory grown for good. So before exceljs reads a zip, the whole file is
 * checked here, in two steps:
 * 1. The central directory: entry count, each entry's declared inflated size, their total, and the declared
 *    ratio of an entry that inflates past RATIO_FLOOR_BYTES. Only 'stored' and 'deflate' entries, no
 *    encryption, no zip64 (an office file under the upload limits never needs it).
 * 2. Every entry is inflated as a stream and its bytes counted; reading stops as soon as an entry inflates
 *    past its declared size (declared sizes can lie) or past a limit. Nothing is kept: memory stays at one
 *    zlib window and one chunk.
 * The entries must lie back to back from the first byte to the central directory, each local header naming
 *    the same part with the same sizes: then exceljs (unzipper, which walks the local headers) and JSZip
 *    (which walks the central directory) see exactly the entries counted here, and inflate no more.
 */
export interface ZipLimits {
  /** Most entries (parts) in the zip. */
  maxEntries: number;
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Most bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /** Highest inflated/compressed ratio of an entry that inflates past RATIO_FLOOR_BYTES. */
  maxRatio: number;
}

/** Below this an entry's ratio is not held against it (a small repetitive part compresses very well). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

const MiB = 1024 * 1024;
/** A console or command-line import (files up to 200 MB): about a million rows of a real sheet fit. */
export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 1024 * MiB,
  maxTotalBytes: 1024 * MiB,
  maxRatio: 200,
};
/** The batch check's list of numbers (files up to 2 MB, at most 1,000 numbers). */
export const LIST_ZIP_LIMITS: ZipLimits = { maxEntries: 1_000, maxEntryBytes: 50 * MiB, maxTotalBytes: 50 * MiB, maxRatio: 200 };

export const ZIP_BOMB_REFUSED = '文件解压后过大，疑似压缩炸弹，已拒绝';

/** A zip refused by the limits or by its structure; the message is for the uploader (a 400). */
export class ZipLimitError extends Error {}

const bomb = (detail: string) => new ZipLimitError(`${ZIP_BOMB_REFUSED}（${detail}）`);
const malformed = (detail: string) => new ZipLimitError(`文件不是完整的 XLSX/DOCX 压缩包（${detail}），已拒绝`);
const mb = (n: number) => `${Math.round(n / MiB).toLocaleString('en-US')} MB`;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_DESCRIPTOR = 0x08074b50;
const CHUNK = 64 * 1024;

/** Random access to the zip's bytes: a file on disk or a buffer in memory. */
interface Source {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function fileSource(file: string): Promise<Source> {
  const fh = await fs.promises.open(file, 'r');
  const { size } = await fh.stat();
  return {
    size,
    async read(offset, length) {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await fh.read(buf, got, buf.length - got, offset + got);
        if (!bytesRead) break;
        got += bytesRead;
      }
      return buf.subarray(0, got);
    },
    close: () => fh.close(),
  };
}

function bufferSource(buf: Buffer): Source {
  return {
    size: buf.length,
    read: async (offset, length) => buf.subarray(offset, Math.min(buf.length, offset + length)),
    close: async () => undefined,
  };
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressed: number;
  inflated: number;
  offset: number;
  /** Where the next entry (or the central directory) starts: this entry must end exactly there. */
  next: number;
}

/** Files already checked in this process (path → size and mtime), so a preview read twice inflates once. */
const checked = new Map<string, string>();

/**
 * Throws ZipLimitError when the zip (a file path or its bytes) breaks the limits or cannot be checked;
 * resolves when exceljs or JSZip may read it.
 */
export async function assertZipWithinLimits(input: string | Buffer, limits: ZipLimits): Promise<void> {
  let stamp: string | undefined;
  if (typeof input === 'string') {
    const st = await fs.promises.stat(input);
    stamp = `${st.size}:${st.mtimeMs}:${JSON.stringify(limits)}`;
    if (checked.get(input) === stamp) return;
  }
  const src = typeof input === 'string' ? await fileSource(input) : bufferSource(input);
  try {
    const entries = await centralDirectory(src, limits);
    let total = 0;
    for (const e of entries) total += await inflateCounted(src, e, limits, total);
  } finally {
    await src.close();
  }
  if (typeof input === 'string' && stamp) {
    if (checked.size > 200) checked.clear();
    checked.set(input, stamp);
  }
}

/** The entries the central directory declares, checked against the limits, in file order. */
async function centralDirectory(src: Source, limits: ZipLimits): Promise<Entry[]> {
  // The end-of-central-directory record sits in the last 22 + up to 65535 (comment) bytes.
  const tailStart = Math.max(0, src.size - 22 - 0xffff);
  const tail = await src.read(tailStart, src.size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === SIG_END) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw malformed('找不到目录');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw bomb('条目过多或使用 ZIP64');
  if (count > limits.maxEntries)
    throw bomb(`含 ${count.toLocaleString('en-US')} 个条目，上限 ${limits.maxEntries.toLocaleString('en-US')}`);
  if (cdOffset + cdSize > tailStart + eocd) throw malformed('目录位置不对');
  const cd = await src.read(cdOffset, cdSize);
  const entries: Entry[] = [];
  let declaredTotal = 0;
  for (let p = 0, n = 0; n < count; n += 1) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== SIG_CENTRAL) throw malformed('目录损坏');
    const nameLen = cd.readUInt16LE(p + 28);
    const e: Entry = {
      flags: cd.readUInt16LE(p + 8),
      method: cd.readUInt16LE(p + 10),
      compressed: cd.readUInt32LE(p + 20),
      inflated: cd.readUInt32LE(p + 24),
      offset: cd.readUInt32LE(p + 42),
      name: cd.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
      next: 0,
    };
    p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    if (e.compressed === 0xffffffff || e.inflated === 0xffffffff || e.offset === 0xffffffff) throw bomb('使用 ZIP64');
    if (e.flags & 0x1) throw malformed('已加密');
    if (e.method !== 0 && e.method !== 8) throw malformed(`不支持的压缩方式 ${e.method}`);
    if (e.inflated > limits.maxEntryBytes) throw bomb(`${e.name} 解压后 ${mb(e.inflated)}，上限 ${mb(limits.maxEntryBytes)}`);
    if (e.inflated > RATIO_FLOOR_BYTES && e.inflated > limits.maxRatio * Math.max(e.compressed, 1))
      throw bomb(`${e.name} 压缩比超过 ${limits.maxRatio}:1`);
    declaredTotal += e.inflated;
    if (declaredTotal > limits.maxTotalBytes) throw bomb(`解压后超过 ${mb(limits.maxTotalBytes)}`);
    entries.push(e);
  }
  entries.sort((a, b) => a.offset - b.offset);
  // Back to back from byte 0 to the directory (checked entry by entry in inflateCounted): no hidden entries.
  if (entries.length && entries[0]!.offset !== 0) throw malformed('开头有多余内容');
  entries.forEach((e, i) => (e.next = entries[i + 1]?.offset ?? cdOffset));
  return entries;
}

/** Inflates one entry as a stream, counting; the bytes it inflated to. `before`: what earlier entries made. */
async function inflateCounted(src: Source, e: Entry, limits: ZipLimits, before: number): Promise<number> {
  const header = await src.read(e.offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== SIG_LOCAL) throw malformed('条目头损坏');
  const flags = header.readUInt16LE(6);
  const localCompressed = header.readUInt32LE(18);
  const nameLen = header.readUInt16LE(26);
  const start = e.offset + 30 + nameLen + header.readUInt16LE(28);
  const name = (await src.read(e.offset + 30, nameLen)).toString('utf8');
  if (name !== e.name || header.readUInt16LE(8) !== e.method || flags & 0x1) throw malformed('条目头与目录不符');
  // unzipper reads the local header's size, or (data descriptor, size 0) up to the descriptor's signature.
  const untilSignature = (flags & 0x8) !== 0 && localCompressed === 0;
  if (!untilSignature && localCompressed !== e.compressed) throw malformed('条目头与目录不符');
  let end = start + e.compressed;
  if (flags & 0x8) {
    const sig = await src.read(end, 4);
    if (sig.length === 4 && sig.readUInt32LE(0) === SIG_DESCRIPTOR) end += 16;
    else if (untilSignature) throw malformed('数据描述符缺少签名');
    else end += 12;
  }
  if (end !== e.next) throw malformed('条目之间有多余内容');

  const compressedChunks = async function* () {
    let tail: Buffer = Buffer.alloc(0);
    for (let at = start; at < start + e.compressed; at += CHUNK) {
      const chunk = await src.read(at, Math.min(CHUNK, start + e.compressed - at));
      if (!chunk.length) throw malformed('文件被截断');
      // unzipper would end the entry at the first descriptor signature: none may hide inside the data.
      if (untilSignature && Buffer.concat([tail, chunk]).includes(DESCRIPTOR_BYTES)) throw malformed('条目数据异常');
      tail = chunk.subarray(-3);
      yield chunk;
    }
  };
  let inflated = 0;
  const counter = new Writable({
    write(chunk: Buffer, _enc, done) {
      inflated += chunk.length;
      // The declared size is what the checks above allowed: one byte more and the entry lied.
      if (inflated > e.inflated) done(bomb(`${e.name} 解压后超过其声明的 ${e.inflated.toLocaleString('en-US')} 字节`));
      else if (before + inflated > limits.maxTotalBytes) done(bomb(`解压后超过 ${mb(limits.maxTotalBytes)}`));
      else done();
    },
  });
  try {
    if (e.method === 0) await pipeline(Readable.from(compressedChunks()), counter);
    else await pipeline(Readable.from(compressedChunks()), zlib.createInflateRaw({ chunkSize: 16 * 1024 }), counter);
  } catch (err) {
    if (err instanceof ZipLimitError) throw err;
    throw malformed('数据无法解压');
  }
  return inflated;
}

const DESCRIPTOR_BYTES = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
