import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { IMPORT_LIMITS } from './published-list.service.js';
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
    expect(refusal(() => checkXlsx(Buffer.alloc(0), IMPORT_LIMITS))).toMatchObject({ key: 'publishedList.importUnreadable' });
    const file = await workbook([
      ['标题', '金额'],
      ['合同', 12.5],
    ]);
    expect(refusal(() => checkXlsx(file, IMPORT_LIMITS))).toBeNull();
  });

  it('refuses a zip bomb by what it unpacks to, also when the zip lies about the size, without unpacking it all', () => {
    const bomb = Buffer.alloc(IMPORT_LIMITS.maxUnpackedBytes + 1024 * 1024, 0x20);
    for (const declared of [undefined, 100]) {
      const file = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: bomb, declared }]);
      expect(file.length).toBeLessThan(200 * 1024);
      expect(refusal(() => checkXlsx(file, IMPORT_LIMITS))).toEqual({ key: 'publishedList.importUnpackedTooLarge', params: { max: '50 MB' }, status: 400 });
    }
  });

  it('counts worksheet rows before parsing: one row over the limit is refused', async () => {
    const limits = { ...IMPORT_LIMITS, maxRows: 11 };
    const rows = (n: number) => [['标题'], ...Array.from({ length: n }, (_, i) => [`行 ${i}`])];
    const ok = await workbook(rows(10));
    expect(refusal(() => checkXlsx(ok, limits))).toBeNull();
    const over = await workbook(rows(11));
    expect(refusal(() => checkXlsx(over, limits))).toEqual({ key: 'publishedList.importTooManyRows', params: { max: 10 }, status: 400 });
  });

  it('refuses a text cell longer than Excel allows, and garbage as unreadable', async () => {
    const long = await workbook([['标题'], ['x'.repeat(IMPORT_LIMITS.maxCellChars + 1)]]);
    expect(refusal(() => checkXlsx(long, IMPORT_LIMITS))).toMatchObject({ key: 'publishedList.importCellTooLong' });
    expect(refusal(() => checkXlsx(Buffer.from('not a zip at all, just text'), IMPORT_LIMITS))).toMatchObject({ key: 'publishedList.importUnreadable' });
    const truncated = (await workbook([['a'], ['b']])).subarray(0, 300);
    expect(refusal(() => checkXlsx(truncated, IMPORT_LIMITS))).toMatchObject({ key: 'publishedList.importUnreadable' });
  });
});
