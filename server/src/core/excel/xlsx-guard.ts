import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../core/errors.js';

/**
 * The one guard of every uploaded workbook (published-list import, Excel import templates): docs/excel-templates.md
 * "Caps". Message keys are neutral (`excel.*`, core's catalogue).
 */

/** What an import file may unpack to before any workbook library reads it. */
export interface XlsxLimits {
  /** All entries together, unpacked: a 190 KB zip bomb must not become hundreds of megabytes in memory. */
  maxUnpackedBytes: number;
  /** Rows of any worksheet, the header row included. */
  maxRows: number;
  /** Characters of one text cell (Excel's own limit is 32,767). */
  maxCellChars: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ZIP64_MARK = 0xffffffff;

const unreadable = () => new AppError('excel.unreadable', {}, 400);

/** What the guard saw on its way through (the import decides what to refuse). */
export interface XlsxFacts {
  /** Some cell of a worksheet holds a formula. */
  formulas: boolean;
  /** The first sheet has merged cells in its first row (a header that cannot be matched column by column). */
  mergedHeader: boolean;
  /** Rows (row elements) of the first sheet, the header included. */
  rows: number;
}

/**
 * Checks an .xlsx before it is parsed: walks the zip's central directory and unpacks every entry with a hard output
 * cap (the sizes a zip declares can lie, so the inflater itself is bounded), then counts worksheet rows and the
 * longest text cell in the unpacked XML. Costs one bounded pass; anything over a limit is refused with its message.
 */
export function checkXlsx(file: Buffer, limits: XlsxLimits): XlsxFacts {
  let budget = limits.maxUnpackedBytes;
  const facts: XlsxFacts = { formulas: false, mergedHeader: false, rows: 0 };
  let workbookSeen = false;
  const tooLarge = () => new AppError('excel.unpackedTooLarge', { max: `${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB` }, 400);
  for (const entry of zipEntries(file)) {
    if (entry.size > budget) throw tooLarge();
    let bytes: Buffer;
    try {
      bytes = entry.method === STORED ? entry.data : inflateRawSync(entry.data, { maxOutputLength: budget + 1 });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw unreadable();
    }
    if (bytes.length > budget) throw tooLarge();
    budget -= bytes.length;
    if (entry.name === 'xl/workbook.xml') workbookSeen = true;
    if (!entry.name.endsWith('.xml') && !entry.name.endsWith('.rels')) continue;
    // Searched as bytes (the XML is never turned into one big string: a 100,000-row sheet is tens of megabytes).
    // XML bombs (billion laughs) and external entities live in a DTD: no part of an .xlsx needs one.
    if (bytes.includes('<!DOCTYPE') || bytes.includes('<!ENTITY')) throw new AppError('excel.xmlDeclarations', {}, 400);
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name);
    const rows = sheet ? countTags(bytes, '<row') : 0;
    if (rows > limits.maxRows) throw new AppError('excel.tooManyRows', { max: limits.maxRows - 1 }, 400);
    if (entry.name === 'xl/worksheets/sheet1.xml') facts.rows = rows;
    if ((entry.name === 'xl/sharedStrings.xml' || entry.name.startsWith('xl/worksheets/')) && longestText(bytes, limits.maxCellChars) > limits.maxCellChars) {
      throw new AppError('excel.cellTooLong', { max: limits.maxCellChars }, 400);
    }
    if (sheet) {
      if (countTags(bytes, '<f') > 0) facts.formulas = true;
      if (entry.name === 'xl/worksheets/sheet1.xml' && /<mergeCell\s+ref="[A-Z]+1:/.test(mergeCells(bytes))) facts.mergedHeader = true;
    }
  }
  if (!workbookSeen) throw unreadable();
  return facts;
}

interface ZipEntry {
  name: string;
  method: number;
  /** The declared unpacked size: checked first, but the inflater's cap is what holds. */
  size: number;
  data: Buffer;
}

function* zipEntries(file: Buffer): Generator<ZipEntry> {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = file.length - 22; i >= Math.max(0, file.length - 22 - 0xffff); i--) {
    if (file.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const method = file.readUInt16LE(at + 10);
    const packed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    // ZIP64 entries (over 4 GB) have no place in an import file.
    if (packed === ZIP64_MARK || size === ZIP64_MARK || local === ZIP64_MARK) throw unreadable();
    if (method !== STORED && method !== DEFLATED) throw unreadable();
    if (local + 30 > file.length || file.readUInt32LE(local) !== LOCAL) throw unreadable();
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (start + packed > file.length) throw unreadable();
    yield { name, method, size, data: file.subarray(start, start + packed) };
  }
}

function countTags(xml: Buffer, tag: string): number {
  let count = 0;
  const after = tag.length;
  for (let at = xml.indexOf(tag); at >= 0; at = xml.indexOf(tag, at + after)) {
    const next = xml[at + after];
    // ' ', '>', '/'
    if (next === 0x20 || next === 0x3e || next === 0x2f) count += 1;
  }
  return count;
}

/** The <mergeCells> part of a sheet (it follows the sheet data), as text. */
function mergeCells(xml: Buffer): string {
  const at = xml.indexOf('<mergeCells');
  return at < 0 ? '' : xml.toString('utf8', at, Math.min(xml.length, at + 64 * 1024));
}

/**
 * The longest text between <t ...> and </t> (shared strings and inline strings), in characters. Bytes are counted
 * first; only a text whose bytes exceed the limit is decoded to count its characters (CJK takes three bytes each).
 */
function longestText(xml: Buffer, limit: number): number {
  let longest = 0;
  for (let open = xml.indexOf('<t'); open >= 0; open = xml.indexOf('<t', open + 2)) {
    const next = xml[open + 2];
    if (next !== 0x3e && next !== 0x20) continue;
    const textStart = xml.indexOf('>', open) + 1;
    const close = xml.indexOf('</t>', textStart);
    if (textStart === 0 || close < 0) break;
    const bytes = close - textStart;
    const length = bytes > limit ? [...xml.toString('utf8', textStart, close)].length : bytes;
    longest = Math.max(longest, Math.min(length, bytes));
    open = close;
  }
  return longest;
}
