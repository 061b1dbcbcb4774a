import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvError, CsvParser, delimiterOf, MAX_RECORD_CHARS, type CsvRecord } from '../src/lib/tabular/csv.ts';

/** Parses `text` fed in pieces cut at `cuts`, as a file arrives in chunks. */
function parseIn(text: string, cuts: number[] = []): CsvRecord[] {
  const p = new CsvParser();
  const out: CsvRecord[] = [];
  let from = 0;
  for (const at of [...cuts, text.length]) {
    out.push(...p.push(text.slice(from, at), at === text.length));
    from = at;
  }
  return out;
}

/** What csv-parse, which the import used before (docs/decisions/0046), makes of the same text. */
function reference(text: string): string[][] | string {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
    }) as string[][];
  } catch (err) {
    return (err as { code: string }).code;
  }
}

function fieldsOrError(text: string, cuts: number[]): string[][] | string {
  try {
    return parseIn(text, cuts).map((r) => r.fields);
  } catch (err) {
    return (err as CsvError).code;
  }
}

describe('CSV parser', () => {
  it('reads the same fields as csv-parse for any text of quotes, commas, line ends and BOMs, however it is cut', () => {
    const alphabet = ['a', '寸', ' ', ',', '"', '""', '\n', '\r\n', '\r', '\uFEFF'];
    // A fixed seed: a failure names the text, and the run repeats it.
    let seed = 20261125;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let t = 0; t < 20_000; t++) {
      let text = '';
      for (let i = 1 + random(14); i > 0; i--) text += alphabet[random(alphabet.length)];
      const cuts = [...new Set([random(text.length + 1), random(text.length + 1)])].sort((a, b) => a - b);
      expect(fieldsOrError(text, cuts), JSON.stringify({ text, cuts })).toEqual(reference(text));
    }
  });

  it('numbers each record by the line it starts on, CRLF inside quotes and blank lines counted', () => {
    const text = 'a,b\r\n"1\r\n2",x\r\n\r\n3,"y\nz"\n4\n';
    expect(parseIn(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1\r\n2', 'x'] },
      { line: 5, fields: ['3', 'y\nz'] },
      { line: 7, fields: ['4'] },
    ]);
    // Cut anywhere, the same records: a CRLF, a "" pair or a field split between chunks.
    for (let at = 0; at <= text.length; at++) expect(parseIn(text, [at])).toEqual(parseIn(text));
  });

  it('reads a field with text after its closing quote as written', () => {
    expect(parseIn('"GB 1-2020" ,"a""b"x\n').map((r) => r.fields)).toEqual([['"GB 1-2020" ', '"a"b"x']]);
  });

  it('reads tab-separated text (Excel\'s "Unicode 文本") the same way, cut anywhere; the header line tells which', () => {
    const text = '编号\t名称\r\n"GB 1\t2"\ta,b\r\n\r\nx\t"y""z\n2"\r\n';
    const expected = [
      { line: 1, fields: ['编号', '名称'] },
      { line: 2, fields: ['GB 1\t2', 'a,b'] },
      { line: 4, fields: ['x', 'y"z\n2'] },
    ];
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new CsvParser({ delimiter: '\t' });
      expect([...p.push(text.slice(0, cut)), ...p.push(text.slice(cut), true)]).toEqual(expected);
    }
    expect(delimiterOf(text)).toBe('\t');
    expect(delimiterOf('编号,名称\tx\n')).toBe(',');
    expect(delimiterOf('a\tb,c\td')).toBe('\t');
    expect(delimiterOf('')).toBe(',');
  });

  it('stops at an unclosed quote, and at a record too long to be real, with the line it starts on', () => {
    expect(() => parseIn('a\n"open\n\n')).toThrow(expect.objectContaining({ code: 'CSV_QUOTE_NOT_CLOSED', lines: 2 }));
    const p = new CsvParser();
    p.push('a\nb,"');
    const chunk = 'x'.repeat(1 << 16);
    const feed = () => {
      for (let sent = 0; sent <= MAX_RECORD_CHARS; sent += chunk.length) p.push(chunk);
    };
    expect(feed).toThrow(expect.objectContaining({ code: 'CSV_RECORD_TOO_LONG', lines: 2 }));
  });
});
