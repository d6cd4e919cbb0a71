import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkXlsx } from './xlsx-guard.js';

/** The fields a local header (from byte 4) and a central directory entry (from byte 6) share, in the same order. */
function writeEntryFields(header: Buffer, at: number, packed: number, unpacked: number, nameLength: number): void {
  header.writeUInt16LE(20, at); // version needed
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt32LE(packed, at + 14);
  header.writeUInt32LE(unpacked, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A minimal zip (deflated entries); `declared` lets an entry lie about its unpacked size, as a bomb may. */
function zipOf(entries: { name: string; content: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declared } of entries) {
    const packed = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, packed.length, declared ?? content.length, nameBytes.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, packed.length, declared ?? content.length, nameBytes.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('S');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const IMPORT_LIMITS = { maxUnpackedBytes: 50 * 1024 * 1024, maxRows: 10_001, maxCellChars: 32_767 };

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params, status: error.status };
    throw error;
  }
  return null;
};

describe('import file guard (before the workbook is parsed)', () => {
  it('passes an ordinary workbook', async () => {
    expect(refusal(() => checkXlsx(Buffer.alloc(0), IMPORT_LIMITS))).toMatchObject({ key: 'excel.unreadable' });
    const file = await workbook([
      ['标题', '金额'],
      ['合同', 12.5],
    ]);
    expect(refusal(() => checkXlsx(file, IMPORT_LIMITS))).toBeNull();
    expect(checkXlsx(file, IMPORT_LIMITS)).toEqual({ formulas: false, mergedHeader: false, rows: 2 });
  });

  it('reports formulas and merged header cells, refuses DTDs (XML bombs) and zips that are not workbooks', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.addRow(['标题', '', '金额']);
    sheet.mergeCells('A1:B1');
    sheet.addRow(['a', 'b', { formula: 'SUM(1,2)', result: 3 }]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(checkXlsx(file, IMPORT_LIMITS)).toEqual({ formulas: true, mergedHeader: true, rows: 2 });
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><worksheet>&lol2;</worksheet>';
    const bomb = zipOf([
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.from(laughs) },
    ]);
    expect(refusal(() => checkXlsx(bomb, IMPORT_LIMITS))).toMatchObject({ key: 'excel.xmlDeclarations' });
    const notBook = zipOf([{ name: 'word/document.xml', content: Buffer.from('<w/>') }]);
    expect(refusal(() => checkXlsx(notBook, IMPORT_LIMITS))).toMatchObject({ key: 'excel.unreadable' });
  });

  it('refuses a zip bomb by what it unpacks to, also when the zip lies about the size, without unpacking it all', () => {
    const bomb = Buffer.alloc(IMPORT_LIMITS.maxUnpackedBytes + 1024 * 1024, 0x20);
    for (const declared of [undefined, 100]) {
      const file = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: bomb, declared }]);
      expect(file.length).toBeLessThan(200 * 1024);
      expect(refusal(() => checkXlsx(file, IMPORT_LIMITS))).toEqual({ key: 'excel.unpackedTooLarge', params: { max: '50 MB' }, status: 400 });
    }
  });

  it('counts worksheet rows before parsing: one row over the limit is refused', async () => {
    const limits = { ...IMPORT_LIMITS, maxRows: 11 };
    const rows = (n: number) => [['标题'], ...Array.from({ length: n }, (_, i) => [`行 ${i}`])];
    const ok = await workbook(rows(10));
    expect(refusal(() => checkXlsx(ok, limits))).toBeNull();
    const over = await workbook(rows(11));
    expect(refusal(() => checkXlsx(over, limits))).toEqual({ key: 'excel.tooManyRows', params: { max: 10 }, status: 400 });
  });

  it('refuses a text cell longer than Excel allows, and garbage as unreadable', async () => {
    const long = await workbook([['标题'], ['x'.repeat(IMPORT_LIMITS.maxCellChars + 1)]]);
    expect(refusal(() => checkXlsx(long, IMPORT_LIMITS))).toMatchObject({ key: 'excel.cellTooLong' });
    expect(refusal(() => checkXlsx(Buffer.from('not a zip at all, just text'), IMPORT_LIMITS))).toMatchObject({ key: 'excel.unreadable' });
    const truncated = (await workbook([['a'], ['b']])).subarray(0, 300);
    expect(refusal(() => checkXlsx(truncated, IMPORT_LIMITS))).toMatchObject({ key: 'excel.unreadable' });
  });
});
