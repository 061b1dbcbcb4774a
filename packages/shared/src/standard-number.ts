import { CONTROL_CHARS } from './control-chars.ts';

/**
 * Standard numbers (标准编号) as people and exports write them, reduced to one canonical key.
 *
 * key     canonical, uppercase, no spaces: `GB/T50001-2017`, `DG/TJ08-2158-2023`, `ISO/IEC27001:2022`
 * base    the key without its year (`GB/T50001`): a number typed without year finds every edition
 * prefix  the series: `GB/T`, `JGJ`, `DB4420/T`, `T/CECS`, `Q/GDW`, `ISO/IEC`, `DG/TJ08`
 * display the cleaned published form: `GB/T 50001-2017`, `GB 50016-2014(2018年版)`
 *
 * Decisions (docs/import.md):
 * - A `(2018年版)` edition suffix is kept in `display` and `edition` but not in the key: an edition is
 *   the same standard amended, not a new number.
 * - Shanghai engineering standards: `DG/TJ08`, `DG/TJ 08`, `DG\TJ08`, `DGTJ08`, `DG TJ08`, `DJ/TJ08`, `DGJ08` and
 *   `DG/J08` all key to the one series `DG/TJ08`. DGJ08 is the older spelling; both share one number space
 *   (DGJ08-2077-2010 was revised as DG/TJ08-2077-2021), so a search for either finds both. The display
 *   keeps DGJ08 where it was published that way.
 * - Two-digit years are widened (`-93` → 1993, `-05` → 2005; 30 and above are 19xx).
 * - Spellings people type are accepted (docs/decisions/0020-standard-number-grammar.md): the slash
 *   of a recommended/guidance mark left out (`GBT 50011`, `JGJT67`, `JGJ T67`) when the letters
 *   before T/Z are a known series code (`MT`, `JT` stay whole); `.2010` or ` 2010` as the year; a
 *   trailing amendment mark (`XG1`, `/XG1-2016`) kept in `amendment` but out of the key.
 */

export type StandardLevelGuess = 'national' | 'industry' | 'local' | 'group' | 'enterprise' | 'international';

export interface StandardNo {
  key: string;
  base: string;
  prefix: string;
  number: string;
  year?: string;
  edition?: string;
  /** Amendment mark (`XG1`) written after the number; not part of the key. */
  amendment?: string;
  display: string;
  /** The level the prefix implies. */
  level: StandardLevelGuess;
  /** 'recommended' for …/T, 'guidance' for …/Z, 'mandatory' for bare GB; otherwise unknown. */
  nature?: 'mandatory' | 'recommended' | 'guidance';
  /** Administrative code of a local standard: '44' Guangdong, '4420' Zhongshan, '31' Shanghai. */
  regionCode?: string;
}

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u30FC]/g;

/** Full-width to ASCII, one dash, one slash, uppercase, single spaces. */
export function cleanNumberText(input: string): string {
  return input
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(/\\/g, '/')
    .replace(CONTROL_CHARS, ' ')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([/\-:.])\s*/g, '$1')
    .trim();
}

function widenYear(y: string): string {
  if (y.length === 4) return y;
  const n = Number(y);
  return String(n >= 30 ? 1900 + n : 2000 + n);
}

const SHANGHAI = /^(DG\/TJ|DG ?TJ|DJ\/TJ|DG\/T\/J|DG\/J|DGJ) ?08[- ]?(\d+[A-Z]?)(?:-(\d{4}|\d{2}))?$/;
const ISO = /^(ISO\/IEC\/IEEE|ISO\/IEC|ISO\/TS|ISO\/TR|ISO\/PAS|IEC\/TS|IEC\/TR|ISO|IEC) ?(\d+(?:-\d+)*)(?::(\d{4}))?$/;
const NUM = String.raw`(\d+(?:\.\d+)*[A-Z]?)`;
const YEAR = String.raw`(?:-(\d{4}|\d{2}))?`;
const ORG = new RegExp(String.raw`^([TQ])\/(?:([A-Z]+) ?|([A-Z0-9]+) )${NUM}${YEAR}$`);
const LOCAL_T = new RegExp(String.raw`^DB(\d{2}(?:\d{2}){0,2})(\/[TZ]) ?${NUM}${YEAR}$`);
// Without /T a space is the only boundary: `DB4420 12-2021`; compact `DB44123-2020` is province + number.
const LOCAL_SPACED = new RegExp(String.raw`^DB(\d{2}(?:\d{2}){0,2}) ${NUM}${YEAR}$`);
const LOCAL_COMPACT = new RegExp(String.raw`^DB(\d{2})${NUM}${YEAR}$`);
const SERIES = new RegExp(String.raw`^(DBJ|DBJT)(\/T)? ?(\d{2})-${NUM}${YEAR}$`);
const PLAIN = new RegExp(String.raw`^([A-Z]{1,6})(\/[TZ])? ?${NUM}${YEAR}$`);
const EDITION = /[(（]?\s*(\d{4})\s*年\s*版\s*[)）]?\s*$/;
const AMENDMENT = /\s*[/(（]?\s*(XG\d{1,2})(?:\s*[-—－]\s*(\d{4}))?\s*[)）]?\s*$/i;

/**
 * Chinese series codes (national, industry, old-style) that take a `/T` or `/Z` mark. Only these are
 * split when the slash is left out, so industry codes that end in T or Z themselves (`MT` coal,
 * `JT` transport, `GBZ` occupational health) keep their letters.
 */
export const SERIES_CODES: ReadonlySet<string> = new Set(
  (
    'GB GBJ GBZ JGJ CJJ JG CJ JC JT JTJ JTG MT DL SL TB YB HG SH SY JB QB FZ HJ WS YY NY LY SJ YD GA AQ ' +
    'BB CB CH CY DA DZ EJ GH GY HB HS HY JR JY LB LD LS MH MZ NB QC QJ QX SB SC SF SN TD TY WB WH WJ WM WW ' +
    'XB YC YS YZ RB RF SJG DBJ CECS'
  ).split(' '),
);

/**
 * Slashes people leave out: `GBT`, `JGJ T`, `JGJ.T` → `GB/T`, `JGJ/T` (known series codes only);
 * `DB4420T` → `DB4420/T`; group and enterprise codes `TCECS`, `QGDW` → `T/CECS`, `Q/GDW` unless the
 * letters are a series code themselves (`TB` railway, `QB` light industry).
 */
function restoreSlash(s: string): string {
  return (
    s
      // A hyphen typed for the slash (`GB-T 50010`, `db4420-t 12`, `T-CECS 100`): the mark after known
      // letters is a mark. Only letters then T/Z (or an organisation) then a digit: the hyphens that belong
      // to a number (`DG/TJ08-2158`, `DBJ15-101`, `ISO 8601-1`) come after digits and stay.
      .replace(/^([A-Z]{1,5})-([TZ]) ?(?=\d)/, (all, code: string, mark: string) =>
        SERIES_CODES.has(code) ? `${code}/${mark}` : all,
      )
      .replace(/^(DB\d{2}(?:\d{2}){0,2})-([TZ]) ?(?=\d)/, '$1/$2 ')
      .replace(/^DG-TJ ?(?=08)/, 'DG/TJ')
      .replace(/^([TQ])-([A-Z]{2,8}) ?(?=\d)/, (all, kind: string, org: string) =>
        SERIES_CODES.has(kind) ? all : `${kind}/${org} `,
      )
      // Written apart (`GB Z 43`), the mark is a mark even when the letters joined are a code (GBZ).
      .replace(/^([A-Z]{1,5})([ .]?)([TZ]) ?(?=\d)/, (all, code: string, sep: string, mark: string) =>
        SERIES_CODES.has(code) && (sep || !SERIES_CODES.has(code + mark)) ? `${code}/${mark}` : all,
      )
      .replace(/^(DB\d{2}(?:\d{2}){0,2}) ?([TZ]) ?(?=\d)/, '$1/$2 ')
      .replace(/^([TQ]) ?([A-Z]{2,8}) ?(?=\d)/, (all, kind: string, org: string) =>
        SERIES_CODES.has(kind + org) || SERIES_CODES.has(kind + org.slice(0, 1)) ? all : `${kind}/${org} `,
      )
  );
}

/** `…50011.2010` / `GB 50011 2010`: a final dot- or space-separated 19xx/20xx after a number is its year. */
function restoreYearDash(s: string): string {
  // A bare local code before it is the series alone (`DB4420 2019` is number 2019, not a year).
  const m = /^([A-Z].*?\d[A-Z]?)[. ]((?:19|20)\d\d)$/.exec(s);
  if (!m || /^DB\d+$/.test(m[1]!)) return s;
  // A number already ending in -NNNN has its year, except in series joined to their number by a dash
  // (`DG/TJ08-2042.1990`, `DBJ/T15-1010 2020`), where that first dashed part is the number.
  const joined = /^(DG\/TJ|DG ?TJ|DJ\/TJ|DG\/J|DGJ) ?08-\d+$|^DBJT?(\/T)? ?\d{2}-\d+$/.test(m[1]!);
  return !/-\d{4}$/.test(m[1]!) || joined ? `${m[1]}-${m[2]}` : s;
}

function natureOf(suffix: string | undefined): StandardNo['nature'] {
  if (suffix === '/T') return 'recommended';
  if (suffix === '/Z') return 'guidance';
  return 'mandatory';
}

function build(
  prefix: string,
  number: string,
  year: string | undefined,
  opts: {
    sep?: string;
    joiner?: string;
    displayJoiner?: string;
    level: StandardLevelGuess;
    nature?: StandardNo['nature'];
    regionCode?: string;
    displayPrefix?: string;
  },
): StandardNo {
  const sep = opts.sep ?? '-';
  const base = `${prefix}${opts.joiner ?? ''}${number}`;
  const key = year ? `${base}${sep}${year}` : base;
  const dp = opts.displayPrefix ?? prefix;
  const display = `${dp}${opts.displayJoiner ?? ' '}${number}${year ? `${sep}${year}` : ''}`;
  return { key, base, prefix, number, year, display, level: opts.level, nature: opts.nature, regionCode: opts.regionCode };
}

/** Parses one standard number; undefined when the text is not one. */
export function normalizeStandardNo(input: string): StandardNo | undefined {
  if (typeof input !== 'string' || input.length > 200) return undefined;
  let text = input.normalize('NFKC');
  let edition: string | undefined;
  let amendment: string | undefined;
  // Edition and amendment marks may come in either order after the number.
  for (let i = 0; i < 2; i++) {
    const ed = EDITION.exec(text);
    if (ed && !edition && /\d/.test(text.slice(0, ed.index))) {
      edition = ed[1];
      text = text.slice(0, ed.index);
    }
    const am = AMENDMENT.exec(text);
    if (am && !amendment && /\d/.test(text.slice(0, am.index))) {
      amendment = am[1]!.toUpperCase();
      text = text.slice(0, am.index);
    }
  }
  const s = restoreYearDash(restoreSlash(cleanNumberText(text)));
  const parsed = parseClean(s);
  if (!parsed) return undefined;
  if (edition) {
    parsed.edition = edition;
    parsed.display = `${parsed.display}(${edition}年版)`;
  }
  if (amendment) parsed.amendment = amendment;
  return parsed;
}

function parseClean(s: string): StandardNo | undefined {
  let m = SHANGHAI.exec(s);
  if (m) {
    const older = m[1] === 'DGJ' || m[1] === 'DG/J';
    return build('DG/TJ08', m[2]!, m[3] && widenYear(m[3]), {
      joiner: '-',
      displayJoiner: '-',
      level: 'local',
      regionCode: '31',
      displayPrefix: older ? 'DGJ08' : 'DG/TJ08',
    });
  }
  m = ISO.exec(s);
  if (m) return build(m[1]!, m[2]!, m[3], { sep: ':', level: 'international' });
  m = ORG.exec(s);
  if (m) {
    const prefix = `${m[1]!}/${m[2] ?? m[3]!}`;
    return build(prefix, m[4]!, m[5] && widenYear(m[5]), { level: m[1] === 'T' ? 'group' : 'enterprise' });
  }
  m = LOCAL_T.exec(s);
  if (m) {
    return build(`DB${m[1]!}${m[2]!}`, m[3]!, m[4] && widenYear(m[4]), {
      level: 'local',
      nature: natureOf(m[2]),
      regionCode: m[1]!,
    });
  }
  m = LOCAL_SPACED.exec(s) ?? LOCAL_COMPACT.exec(s);
  if (m) {
    return build(`DB${m[1]!}`, m[2]!, m[3] && widenYear(m[3]), { level: 'local', regionCode: m[1]! });
  }
  m = SERIES.exec(s);
  if (m) {
    const suffix = m[2] ?? (m[1] === 'DBJT' ? '/T' : undefined);
    return build(`DBJ${suffix ?? ''}${m[3]!}`, m[4]!, m[5] && widenYear(m[5]), {
      joiner: '-',
      displayJoiner: '-',
      level: 'local',
      nature: suffix ? natureOf(suffix) : undefined,
      regionCode: m[3]!,
      displayPrefix: `DBJ${suffix ?? ''} ${m[3]!}`,
    });
  }
  m = PLAIN.exec(s);
  if (m) {
    const letters = m[1]!;
    if (letters === 'T' || letters === 'Q' || letters === 'DB') return undefined;
    const suffix = m[2];
    return build(`${letters}${suffix ?? ''}`, m[3]!, m[4] && widenYear(m[4]), {
      level: letters === 'GB' ? 'national' : 'industry',
      // A bare industry prefix no longer says "mandatory" since the 2017 Standardization Law.
      nature: letters === 'GB' || suffix ? natureOf(suffix) : undefined,
    });
  }
  return undefined;
}

/**
 * Number order inside a series (`no_order`, migration 0021): the leading digits of the number,
 * zero-padded to 12, so `DG/TJ08-9` sorts before `DG/TJ08-20` and `GB/T 500` before `GB/T 5000`.
 * Records of one series then sort by this, the base and the key. The same value migration 0020
 * computed in SQL (`lpad(substring(… from '[0-9]+'), 12, '0')`), which truncates past 12 digits.
 */
export function numberOrderKey(no: Pick<StandardNo, 'base' | 'prefix'>): string {
  const digits = /[0-9]+/.exec(no.base.slice(no.prefix.length))?.[0] ?? '';
  return digits.padStart(12, '0').slice(0, 12);
}

/** Keys a search box query may mean, most exact first. All values are safe literal strings. */
export interface StandardNoSearchKeys {
  /** Full keys (with year): the parsed key, then its /T-/Z variants. */
  exact: string[];
  /** Keys without year (typed without year, or with year: other editions). */
  base: string[];
  /** A key prefix for numbers being typed (`GB/T 500` → `GB/T500`); no LIKE wildcards inside. */
  prefix?: string;
}

/**
 * The series a parsed prefix may mean, the one as typed first: its /T-/Z twins (`GB` → `GB/T`, `GB/Z`) and, for
 * a code that ends in its own T or Z, the shorter series with the slash left out (`GBZ` → `GB/Z`).
 */
export function seriesVariants(prefix: string): string[] {
  const m = /^(.*?)(\/[TZ])?$/.exec(prefix)!;
  const bare = m[1]!;
  // Group, enterprise, international and the Shanghai series have no /T-less twin.
  if (/^(T|Q)\//.test(prefix) || /^(ISO|IEC)/.test(prefix) || prefix === 'DG/TJ08' || /^DBJ/.test(prefix)) return [prefix];
  const out = [prefix, bare, `${bare}/T`, `${bare}/Z`];
  // A series code that ends in its own T or Z (`GBZ` occupational health) read whole by the grammar
  // may also be the shorter series with the slash left out (`GBZ 369` typed for GB/Z 369): that
  // reading and its twins follow the whole one.
  const split = /^([A-Z]+)([TZ])$/.exec(bare);
  if (split && SERIES_CODES.has(split[1]!)) out.push(`${split[1]}/${split[2]}`, split[1]!, `${split[1]}/T`, `${split[1]}/Z`);
  return [...new Set(out)];
}

export function standardNoSearchKeys(query: string): StandardNoSearchKeys {
  const out: StandardNoSearchKeys = { exact: [], base: [] };
  if (typeof query !== 'string' || !query.trim() || query.length > 200) return out;
  const parsed = normalizeStandardNo(query);
  const compact = cleanNumberText(query).replace(/ /g, '');
  if (parsed) {
    const variants = seriesVariants(parsed.prefix);
    const sep = parsed.key.includes(':') ? ':' : '-';
    const joiner = parsed.base.slice(parsed.prefix.length, parsed.base.length - parsed.number.length);
    for (const p of variants) {
      const base = `${p}${joiner}${parsed.number}`;
      out.base.push(base);
      if (parsed.year) out.exact.push(`${base}${sep}${parsed.year}`);
    }
    // `GB/T50001-20` may be a two-digit year or a four-digit one being typed: prefix on what was typed.
    out.prefix = /-\d{2}$/.test(parsed.key) || !/-\d{2}$/.test(compact) ? parsed.key : compact;
    return out;
  }
  // A number being typed: letters first, then anything number-like (no wildcards survive the filter).
  // `GB-T` being typed: the hyphen stands for the slash as in a whole number (restoreSlash).
  const typed = compact.replace(/^([A-Z]{1,5})-([TZ])(?=\d|$)/, (all, code: string, mark: string) =>
    SERIES_CODES.has(code) ? `${code}/${mark}` : all,
  );
  if (/^[A-Z]{1,6}(\/[A-Z0-9]*)?[A-Z0-9./:-]*$/.test(typed) && /[A-Z]/.test(typed) && /\d|\//.test(typed)) {
    const sh = /^(DG\/TJ|DGTJ|DJ\/TJ|DG\/J|DGJ)0?8?(.*)$/.exec(typed);
    if (sh) {
      const rest = sh[2]!;
      out.prefix = `DG/TJ08${rest && !rest.startsWith('-') ? `-${rest}` : rest}`;
    } else {
      out.prefix = typed;
    }
  }
  return out;
}
