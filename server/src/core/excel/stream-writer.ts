import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

interface LegacyWritable {
  /** readable-stream 2 (archiver's streams) has no writableNeedDrain getter; its state says it. */
  _writableState?: { needDrain?: boolean };
  writableNeedDrain?: boolean;
}

/**
 * Rows an export reads per batch (keyset) before it writes them and waits for the streams. A batch is alive while it
 * is written, so a young-generation collection that falls inside it copies the batch into the old generation,
 * where it waits as garbage for a full collection: a million rows grew the heap by about 125 MB in batches of 1,000
 * and about 55 MB in batches of 500, at the same speed (docs/excel-templates.md, "Measured").
 */
export const EXPORT_BATCH_ROWS = 500;

const needsDrain = (stream: LegacyWritable) => stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * Waits until a streamed workbook has passed on what was written: the zip has taken the worksheet's rows and the
 * reply (and any other reader) has taken the zip's bytes. exceljs's streaming writer hands committed rows to its
 * zip without looking at the answer of write() (exceljs#1894), so while the zip compresses more slowly than rows are
 * made, every row waits in memory: about 430 MB for a million rows of ten columns. Exports call this after each
 * batch; the zip's input then holds at most one batch (a million rows: +57 MB, and faster).
 */
export async function streamCaughtUp(sheet: ExcelJS.Worksheet, outputs: Writable[]): Promise<void> {
  const zipInputs = (sheet as unknown as { stream?: { pipes?: (Writable & LegacyWritable)[] } }).stream?.pipes ?? [];
  for (const stream of [...zipInputs, ...outputs]) {
    while (needsDrain(stream)) await once(stream, 'drain');
  }
}
