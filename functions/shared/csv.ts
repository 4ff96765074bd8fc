// CSV for spreadsheet apps (the leads export, the analytics tables): RFC 4180 with a
// UTF-8 byte-order mark, and cells that a spreadsheet would run as a formula made inert.
//
// RFC 4180: records end in CRLF; a field holding a comma, a double quote, CR or LF is
// wrapped in double quotes, and a double quote inside it is doubled. Formula injection
// (OWASP "CSV Injection"): Excel, LibreOffice and Google Sheets evaluate a cell that
// starts with =, +, - or @ (and some strip a leading tab or CR first), so such a text
// cell gets a leading apostrophe, which every one of them shows as text and hides.

/** Excel reads a file as UTF-8 only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * Whitespace a spreadsheet may skip before deciding that a cell is a formula. Spaces are
 * included: LibreOffice evaluates " =1+1" when "trim spaces" is on.
 */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** A text cell made safe to open in a spreadsheet: formulas turned into plain text. */
export function inertCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field, quoted when RFC 4180 requires it. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  // Numbers and booleans are written by us, never typed by a visitor: left as they are,
  // so a negative figure stays a number.
  const text = typeof cell === 'string' ? inertCell(cell) : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: header row, then the rows, CRLF after each record, BOM first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}
