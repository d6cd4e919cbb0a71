/**
 * Formula injection (CSV / spreadsheet injection): a text cell an export writes that begins with `=`, `+`, `-`, `@`,
 * a tab or a carriage return could be taken as a formula by a spreadsheet program (OWASP "CSV injection"). Such a
 * text gets a leading single quote (`'`), so no spreadsheet program evaluates it. Numbers (a negative amount is a number, not text) are left alone.
 * Every export of the product writes its cells through this one function (docs/excel-templates.md "Formula neutralisation").
 */
const DANGEROUS = new Set(['=', '+', '-', '@', '\t', '\r']);

export function neutraliseCell<T>(value: T): T | string {
  if (typeof value !== 'string' || value === '') return value;
  return DANGEROUS.has(value[0]!) ? `'${value}` : value;
}

/** A row's cells, neutralised. */
export const neutraliseRow = <T>(values: T[]): (T | string)[] => values.map(neutraliseCell);

/** The content type of every .xlsx the product answers. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
