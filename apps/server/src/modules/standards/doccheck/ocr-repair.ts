/**
 * OCR confusions inside standard numbers (issue 26, docs/decisions/0079 amended 2026-11-26). Tesseract reads a
 * slash as `~`, `’` or `A`, a zero as `O`, a one as `l` or `I`, a dash as `一` or `--`, and sometimes reads one
 * glyph twice (`J0O08`). This file writes a repaired copy of an OCR'd text, character for character (same
 * length, so offsets stay those of the text as read); the caller keeps a number read from the copy only when
 * the catalogue holds exactly that edition: a repair never invents a citation.
 */

const DIGITISH = /[0-9OoIl|]/;
const SLASHISH = /[~’‘'`\\|A]/;
const DASHISH = /[一—－–~_]/;

/** A same-length repaired copy of OCR text, or the text itself when nothing looked like a confused number. */
export function repairOcr(text: string): string {
  const out = [...text];
  // Only runs of the characters a number is written with: Chinese text is never touched.
  const RUN = /[A-Za-z0-9~’‘'`\\|/.\-一—－–_ ]{5,}/g;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
    if (!/\d/.test(m[0]) || !/[A-Z]/.test(m[0])) continue;
    repairRun(out, m.index, m.index + m[0].length);
  }
  return out.join('');
}

function repairRun(out: string[], from: number, to: number) {
  const at = (i: number) => (i >= from && i < to ? out[i]! : '');
  const isUpper = (c: string) => /^[A-Z]$/.test(c);
  const isDigit = (c: string) => /^[0-9]$/.test(c);
  // A slash misread between the letters of a series (`DG~TJ`, `DGATJ08`, `GB’T`): only before T, Z or TJ.
  for (let i = from + 1; i < to - 1; i++) {
    if (SLASHISH.test(at(i)) && isUpper(at(i - 1)) && /^[TZ]$/.test(at(i + 1)) && at(i - 1) !== 'A') {
      // `A` only inside a known shape: two or more letters before it (`DGATJ`, `GBAT 123`).
      if (at(i) === 'A' && !(isUpper(at(i - 2)) && (at(i + 2) === 'J' || /[ \d]/.test(at(i + 2))))) continue;
      out[i] = '/';
    }
  }
  // `DG ~T J08`, `DG T J08`: the letters of a series split by blanks and a misread slash; the blanks move in
  // front of the series and the slash is a slash again.
  for (let i = from; i < to; i++) {
    const m = /^[A-Z]{1,3}(?: ?[~’‘'`\\|/] ?| )[A-Z](?: [A-Z])*/.exec(out.slice(i, to).join(''));
    if (!m || !/ /.test(m[0]) || (i > from && isUpper(at(i - 1)))) continue;
    const kept = m[0].replace(/ /g, '').replace(/[~’‘'`\\|]/, '/');
    const squeezed = ' '.repeat(m[0].length - kept.length) + kept;
    for (let k = 0; k < m[0].length; k++) out[i + k] = squeezed[k]!;
    i += m[0].length;
  }
  // `G6B50098`: a digit read inside a series' two letters; it becomes a blank in front of them.
  for (let i = from + 1; i < to - 2; i++) {
    if (isUpper(at(i - 1)) && /^[0-9]$/.test(at(i)) && isUpper(at(i + 1)) && isDigit(at(i + 2)) && !isUpper(at(i - 2))) {
      out[i] = out[i - 1]!;
      out[i - 1] = ' ';
    }
  }
  // Letters among digits: O/o → 0, I/l/| → 1 (a digit on one side, a digit or a dash on the other).
  for (let i = from; i < to; i++) {
    const c = at(i);
    if (!/[OoIl|]/.test(c)) continue;
    const prev = at(i - 1);
    const next = at(i + 1);
    const near = (x: string) => isDigit(x) || x === '-' || DASHISH.test(x);
    if ((isDigit(prev) && (near(next) || DIGITISH.test(next))) || (isDigit(next) && (near(prev) || /[J]/.test(prev)))) {
      out[i] = /[Oo]/.test(c) ? '0' : '1';
    }
  }
  // One zero read twice or three times (`J0O8`, `J0O08`): a mixed run of 0 and O read as one 0.
  for (let i = from; i < to; i++) {
    if (text0(out, i) && /[J]/.test(at(i - 1))) {
      let j = i;
      while (j < to && /[0O]/.test(out[j]!)) j++;
      // `08` after J (DG/TJ08): more zeros than one before the 8 are a misread.
      if (j - i > 1 && at(j) === '8') {
        // The blanks stand before the series' digits, where the grammar allows them (`TJ  08`).
        for (let k = i; k < j - 1; k++) out[k] = ' ';
        out[j - 1] = '0';
      }
      i = j;
    }
  }
  // Dashes: `一`, `—`, `~` after a digit or a number's letter (`2390B一2022`), and `--` doubled.
  for (let i = from; i < to; i++) {
    const prev = prevNonBlank(out, i, from);
    if (DASHISH.test(at(i)) && (isDigit(prev) || at(i - 1) === '-' || (isUpper(prev) && isDigit(at(i - 2))))) out[i] = '-';
  }
  for (let i = from + 1; i < to; i++) if (out[i] === '-' && out[i - 1] === '-') out[i] = ' ';
  const joined = () => out.slice(from, to).join('');
  // `-202 2`: a blank read inside the year; it moves behind it.
  for (let m, re = /-(\d{1,3}) (\d{1,3})(?!\d)/g; (m = re.exec(joined()));) {
    if (m[1]!.length + m[2]!.length !== 4) continue;
    const digits = m[1]! + m[2]!;
    for (let k = 0; k < 4; k++) out[from + m.index + 1 + k] = digits[k]!;
    out[from + m.index + 5] = ' ';
  }
  // `DG/TJ08 501 2023`: dashes read as blanks; the last blank before a year (19xx, 20xx) at the end of the run
  // of the number is a dash (the catalogue decides whether that reading stands).
  const year = /^([A-Z][A-Z/ ]*\d*[ -]+\d+[A-Z]?) ((?:19|20)\d\d)(?!\d)/.exec(joined().trimStart());
  if (year) out[from + (joined().length - joined().trimStart().length) + year[1]!.length] = '-';
}

function text0(out: string[], i: number): boolean {
  return /[0O]/.test(out[i] ?? '');
}

function prevNonBlank(out: string[], i: number, from: number): string {
  for (let j = i - 1; j >= from; j--) if (out[j] !== ' ') return out[j]!;
  return '';
}
