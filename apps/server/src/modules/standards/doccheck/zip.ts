import zlib from 'node:zlib';

/**
 * The entries of a ZIP (DOCX, XLSX) from its central directory: which kind of Office file it is, and single
 * small parts (headers, footers, docProps) read with an inflate bounded by their declared size. Zip bombs are
 * refused before this by lib/tabular/zip-guard.ts (ADR 0077).
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class DocumentRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentRefused';
  }
}

const CORRUPT = '文件已损坏或不是有效的 Office 文档，请用 Word/Excel 打开后另存再上传';

export function zipEntries(buf: Buffer): ZipEntry[] {
  // End of central directory: the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new DocumentRefused(CORRUPT);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new DocumentRefused(CORRUPT);
    const nameLen = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    out.push({
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLen),
    });
    at += 46 + nameLen + extra + comment;
  }
  return out;
}

/** One entry's bytes, inflated with the size the directory declares as the limit. */
export function readEntry(buf: Buffer, e: ZipEntry): Buffer {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw new DocumentRefused(CORRUPT);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  try {
    if (e.method === 0) return data;
    if (e.method === 8) return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
  } catch {
    throw new DocumentRefused(CORRUPT);
  }
  throw new DocumentRefused(CORRUPT);
}
