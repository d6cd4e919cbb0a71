import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReportPages, ReportParamValues } from '@app/contracts';
import { pageRule } from './layout';
import { ReadyContext, ReadyTracker, imagesSettled, nextPaint } from './ready';
import { PaperPage } from './ReportSheet';
import type { ReportSource } from './sources';
import './viewer.css';

/** Pages per request when every page is wanted (print, the PDF's print view): the most the server gives at once. */
export const PRINT_BATCH = 50;
/** Above this many pages the print button asks first (the browser lays out every page before its dialog opens). */
export const PRINT_WARN_PAGES = 100;

export class PrintCancelled extends Error {
  override name = 'PrintCancelled';
}

/** Every page of the report, PRINT_BATCH at a time, reporting progress; stops when `cancelled()` says so. */
export async function fetchAllPages(
  source: ReportSource,
  params: ReportParamValues,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean = () => false,
): Promise<ReportPages[]> {
  const chunks: ReportPages[] = [];
  let from = 0;
  let total = 1;
  while (from < total) {
    if (cancelled()) throw new PrintCancelled();
    const data = await source.pages(params, from, PRINT_BATCH);
    chunks.push(data);
    total = data.pageCount;
    if (!data.pages.length) break;
    from = data.pages[data.pages.length - 1].index + 1;
    onProgress(Math.min(from, total), total);
  }
  return chunks;
}

/** All pages as printed: the print setup's @page (paper size, orientation, margins) and a page box per page. */
export function PrintPages({ chunks }: { chunks: ReportPages[] }) {
  const print = chunks[0]?.print;
  return (
    <div className="rv-print" data-testid="report-print">
      {print && <style>{pageRule(print)}</style>}
      {chunks.flatMap((data) => data.pages.map((page) => <PaperPage key={page.index} data={data} page={page} printing />))}
    </div>
  );
}

/** Resolves once the pages inside `root` are drawn: codes and charts (tracker), pictures, and the paint after them. */
export async function pagesDrawn(tracker: ReadyTracker, root: ParentNode): Promise<void> {
  await nextPaint();
  await tracker.idle();
  await imagesSettled(root);
  await nextPaint();
}

/**
 * Prints in place: the pages go into a layer of their own beside the application (hidden on screen; printed alone,
 * see viewer.css), the browser's print dialog opens once they are drawn, and `onDone` follows the dialog.
 */
export function PrintLayer({ chunks, onDone }: { chunks: ReportPages[]; onDone: () => void }) {
  const tracker = useMemo(() => new ReadyTracker(), []);
  const root = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const body = document.body;
    body.classList.add('rv-printing');
    let live = true;
    const after = () => {
      if (live) done.current();
    };
    void pagesDrawn(tracker, root.current ?? document).then(() => {
      if (!live) return;
      window.addEventListener('afterprint', after, { once: true });
      window.print();
    });
    return () => {
      live = false;
      body.classList.remove('rv-printing');
      window.removeEventListener('afterprint', after);
    };
  }, [tracker]);
  return createPortal(
    <div ref={root} className="rv-print-root" data-testid="report-print-layer">
      <ReadyContext.Provider value={tracker}>
        <PrintPages chunks={chunks} />
      </ReadyContext.Provider>
    </div>,
    document.body,
  );
}
