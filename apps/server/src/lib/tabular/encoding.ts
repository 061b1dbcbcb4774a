import fs from 'node:fs';
import { TextDecoder } from 'node:util';

/**
 * The character encoding of an uploaded text file (CSV, TXT), told from its bytes. Excel on Chinese Windows
 * saves "CSV（逗号分隔）" in GBK (a subset of GB18030) and "Unicode 文本" in UTF-16 LE with a BOM; "CSV UTF-8"
 * has a UTF-8 BOM. The rule, in order:
 * 1. A BOM names the encoding: EF BB BF → UTF-8（带 BOM）, FF FE → UTF-16 (LE), FE FF → UTF-16 (BE).
 * 2. Without one, the first SAMPLE_BYTES are read: if they decode as strict UTF-8, it is UTF-8 (an ASCII file
 *    is UTF-8 too).
 * 3. Else GB18030（GBK） when they decode as strict GB18030 AND read as Chinese text: at least
 *    GB2312_SHARE of the multi-byte characters lie in the GB2312 area (lead and trail byte both A1–FE: the
 *    common Chinese characters, Chinese punctuation, full-width forms). A Latin-1 file ("Müller") that happens
 *    to decode pairs an accented letter with the ASCII letter after it (trail byte below 0x80), which lands in
 *    GBK's rare-character area, so it is refused rather than read as mojibake ("M黮ler").
 * 4. Anything else is refused, and so is any text holding a NUL or more than 1 % control characters (binary
 *    data, UTF-16 without its BOM).
 * At a sample's cut, a character split by it is not held against the file (the decoders run in stream mode).
 */
export type EncodingName = 'UTF-8' | 'UTF-8（带 BOM）' | 'UTF-16' | 'GB18030（GBK）';

export interface TextEncoding {
  /** In words the office knows (the preview shows it). */
  name: EncodingName;
  /** The WHATWG label for TextDecoder. */
  label: 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';
}

export const SAMPLE_BYTES = 64 * 1024;
/** The least share of a GB18030 file's multi-byte characters that must lie in the GB2312 area. */
export const GB2312_SHARE = 0.8;

export const ENCODING_REFUSED = '文件编码无法识别：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”或 GBK 编码的 CSV 后再上传';

export class EncodingError extends Error {
  constructor(message = ENCODING_REFUSED) {
    super(message);
  }
}

/** The encoding of `sample`, the first bytes of a file (`complete`: the whole file). Throws EncodingError. */
export function detectEncoding(sample: Uint8Array, complete: boolean): TextEncoding {
  const [a, b, c] = sample;
  let enc: TextEncoding | undefined;
  if (a === 0xef && b === 0xbb && c === 0xbf) enc = { name: 'UTF-8（带 BOM）', label: 'utf-8' };
  else if (a === 0xff && b === 0xfe) enc = { name: 'UTF-16', label: 'utf-16le' };
  else if (a === 0xfe && b === 0xff) enc = { name: 'UTF-16', label: 'utf-16be' };
  if (enc) {
    const text = strictDecode(enc.label, sample, complete);
    if (text === undefined || binary(text)) throw new EncodingError();
    return enc;
  }
  const utf8 = strictDecode('utf-8', sample, complete);
  if (utf8 !== undefined) {
    if (binary(utf8)) throw new EncodingError();
    return { name: 'UTF-8', label: 'utf-8' };
  }
  const gb = strictDecode('gb18030', sample, complete);
  if (gb !== undefined && !binary(gb) && readsAsChinese(sample)) return { name: 'GB18030（GBK）', label: 'gb18030' };
  throw new EncodingError();
}

/** The encoding of a file, from its first SAMPLE_BYTES. Throws EncodingError. */
export async function detectFileEncoding(file: string): Promise<TextEncoding> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SAMPLE_BYTES, 0);
    const complete = bytesRead < SAMPLE_BYTES || (await fh.stat()).size === bytesRead;
    return detectEncoding(buf.subarray(0, bytesRead), complete);
  } finally {
    await fh.close();
  }
}

/** A whole file's bytes as text in its detected encoding, BOM dropped. Throws EncodingError. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const encoding = detectEncoding(bytes.subarray(0, SAMPLE_BYTES), bytes.length <= SAMPLE_BYTES);
  const text = strictDecode(encoding.label, bytes, true);
  if (text === undefined) throw new EncodingError(notAllIn(encoding));
  return { text, encoding };
}

/** A strict decoder for the file's encoding; it drops a BOM. Feed it chunks with `{ stream: true }`. */
export function decoderFor(encoding: TextEncoding): TextDecoder {
  return new TextDecoder(encoding.label, { fatal: true });
}

/** The message when bytes after the sample do not decode in the encoding the sample was read in. */
export function notAllIn(encoding: TextEncoding, where = ''): string {
  return `文件${where}有无法按 ${encoding.name} 编码读取的内容（文件中混有不同编码）：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”后再上传`;
}

function strictDecode(label: TextEncoding['label'], bytes: Uint8Array, complete: boolean): string | undefined {
  try {
    // In stream mode a sequence cut by the end of the sample is held back, not an error.
    return new TextDecoder(label, { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    return undefined;
  }
}

/** A NUL, or more than 1 % control characters other than tab, line ends and form feed. */
function binary(text: string): boolean {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x7f && c < 0xa0)) controls++;
  }
  return controls > text.length / 100;
}

/**
 * Whether GB18030 bytes read as Chinese text: at least GB2312_SHARE of the multi-byte characters lie in the
 * GB2312 area. Four-byte GB18030 sequences (characters outside GBK) count as multi-byte, outside the area.
 */
function readsAsChinese(bytes: Uint8Array): boolean {
  let multi = 0;
  let gb2312 = 0;
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    if (i + 1 >= n) break; // cut by the sample's end
    const trail = bytes[i + 1]!;
    if (trail >= 0x30 && trail <= 0x39) {
      multi++;
      i += 4;
      continue;
    }
    multi++;
    if (lead >= 0xa1 && lead <= 0xfe && trail >= 0xa1 && trail <= 0xfe) gb2312++;
    i += 2;
  }
  return multi > 0 && gb2312 >= multi * GB2312_SHARE;
}
