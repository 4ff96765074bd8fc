import { describe, expect, it } from 'vitest';
import { csvField, inertCell, toCsv, UTF8_BOM } from './csv.ts';

/** A minimal RFC 4180 reader, written independently of the writer, to read files back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last record does not end in CRLF');
  return rows;
}

describe('csv', () => {
  it('starts with the UTF-8 BOM and ends every record with CRLF', () => {
    const csv = toCsv(['a', 'b'], [['1', '2']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('a,b\r\n1,2\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling inner quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('round-trips through an RFC 4180 reader, non-ASCII text included', () => {
    const rows = [
      ['Zoë Müller', 'zoë@example.com', 'Ärzte, "GmbH"', 'first line\r\nsecond line'],
      ['李雷', 'li@example.cn', '', ''],
    ];
    const csv = toCsv(['name', 'email', 'company', 'message'], rows);
    expect(parseCsv(csv.slice(UTF8_BOM.length))).toEqual([
      ['name', 'email', 'company', 'message'],
      ...rows,
    ]);
  });

  it('makes formula cells inert: =, +, -, @, tab and CR at the start', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '  =1', '＝1']) {
      expect(inertCell(value), JSON.stringify(value)).toBe(`'${value}`);
    }
    for (const value of ['Dana', 'a=b', 'x-y', 'e@mail', '1+1', '']) {
      expect(inertCell(value), JSON.stringify(value)).toBe(value);
    }
  });

  it('exports =HYPERLINK("http://evil","x") as inert quoted text', () => {
    const csv = toCsv(['name'], [['=HYPERLINK("http://evil","x")']]);
    expect(csv).toBe(`${UTF8_BOM}name\r\n"'=HYPERLINK(""http://evil"",""x"")"\r\n`);
    expect(parseCsv(csv.slice(1))[1]).toEqual([`'=HYPERLINK("http://evil","x")`]);
  });

  it('leaves numbers we write as numbers, negative ones included', () => {
    expect(toCsv(['n'], [[-3], [2.5], [true]]).slice(1)).toBe('n\r\n-3\r\n2.5\r\ntrue\r\n');
  });
});
