import { CONTROL_CHARS } from '@zs/shared/control-chars';
import { BIDI_CONTROLS, wellFormed } from '@zs/shared';

/**
 * File types recognised from their first bytes; the declared mime type and the name's extension are
 * ignored, so an HTML page or an executable renamed to .pdf is refused.
 */
export interface Sniffed {
  mime: string;
  ext: string;
}

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return sniffOffice(buf);
  return null;
}

/** DOCX/XLSX are zip files; their central directory names the parts that make them one or the other. */
function sniffOffice(buf: Buffer): Sniffed | null {
  const names = zipEntryNames(buf);
  if (!names || !names.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) {
    return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
  }
  if (names.has('xl/workbook.xml'))
    return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
  return null;
}

/** Entry names from the zip's central directory, or null when the structure is not a valid zip. */
export function zipEntryNames(buf: Buffer): Set<string> | null {
  // The end-of-central-directory record sits in the last 22 + up to 65535 (comment) bytes.
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i -= 1) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names = new Set<string>();
  for (let n = 0; n < count; n += 1) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen > buf.length) return null;
    names.add(buf.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/** A display name safe to store and to put in a header: no path, no control or reserved characters. */
export function safeOriginalName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(CONTROL_CHARS, '')
    .replace(/[<>:"|?*]/g, '')
    // Bidi controls would make `x<U+202E>fdp.exe` display as `xexe.pdf` in every list.
    .replace(BIDI_CONTROLS, '')
    .replace(/^\.+/, '')
    .trim();
  // Cutting at 80 may split a surrogate pair: the half left over becomes U+FFFD.
  const stem = wellFormed(base.replace(/\.[^.]*$/, '').slice(0, 80)) || '附件';
  // The stored extension follows the content, not what the uploader called it.
  return `${stem}.${ext}`;
}
