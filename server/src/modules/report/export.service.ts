import { PassThrough, type Readable } from 'node:stream';
import { reportPages, type ReportParamValues } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { XLSX_CONTENT_TYPE } from '../../core/excel/cells.js';
import type { Lang } from '../../core/i18n/index.js';
import type { PdfRenderer } from '../form-print/pdf-renderer.js';
import { chartSvg, pagesHtml } from './export-html.js';
import { writeXlsx, type XlsxPictures } from './export-xlsx.js';
import type { ExpandedView, ReportViewService, ViewSource } from './view.service.js';

/** A PDF holds at most this many pages (each is laid out by the server's Chromium). */
export const PDF_MAX_PAGES = 500;

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Readable | Buffer;
}

/** An origin nothing answers on: the page then loads no image. */
const NOWHERE = 'http://127.0.0.1:9';

const stamp = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Exports of a view (docs/reports-design.md "Export"): .xlsx written as the expanded rows are read (exceljs;
 * values, styles, merges, widths and heights, pictures for reports that are not huge; formulas never), and PDF:
 * the pages as the viewer shows them, in one HTML document printed by the server's headless Chromium.
 */
export class ReportExportService {
  constructor(
    private readonly deps: AppDeps,
    private readonly views: ReportViewService,
    private readonly renderer: () => PdfRenderer,
    /** This server's own address, as the browser on this machine reaches it (images in the PDF); null while not listening. */
    private readonly origin: () => string | null,
  ) {}

  async file(source: ViewSource, params: ReportParamValues, format: 'xlsx' | 'pdf', lang: Lang): Promise<ReportFile> {
    const view = await this.views.expanded(source, params);
    const base = `${source.name.replace(/[\\/:*?"<>|]/g, '_')}-${stamp(new Date())}`;
    if (format === 'pdf') return { fileName: `${base}.pdf`, contentType: 'application/pdf', body: await this.pdf(view, lang) };
    const out = new PassThrough();
    writeXlsx(view.report, out, source.name, this.pictures(source, view)).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'report export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { fileName: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: out };
  }

  private async pdf(view: ExpandedView, lang: Lang): Promise<Buffer> {
    const first = reportPages(view.report, view.design.print, 0, 1, view.notices);
    if (first.pageCount > PDF_MAX_PAGES) throw new AppError('report.pdfTooManyPages', { pages: first.pageCount, max: PDF_MAX_PAGES }, 400);
    // Images load from this server; one that is not listening (tests, tasks before start) prints without them.
    const origin = this.origin() ?? NOWHERE;
    const all = reportPages(view.report, view.design.print, 0, Math.max(1, first.pageCount), view.notices);
    return this.renderer().pdfOfHtml(pagesHtml(all, lang, origin), origin);
  }

  /** Images of the tenant's files and charts drawn by the PDF browser, for reports small enough to carry them. */
  private pictures(source: ViewSource, view: ExpandedView): XlsxPictures {
    return {
      image: async (address) => {
        const id = view.imageFiles.get(address);
        const key = id ? await this.views.repo.fileKey(source.auth.tenantId, id) : undefined;
        if (!key) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of await this.deps.storage.read(key.storageKey)) chunks.push(chunk as Buffer);
        const extension = key.extension === 'jpg' ? 'jpeg' : key.extension;
        return extension === 'png' || extension === 'jpeg' || extension === 'gif' ? { buffer: Buffer.concat(chunks), extension } : null;
      },
      chart: async (option, width, height) => {
        const origin = this.origin();
        if (!origin) return null;
        const svg = chartSvg(option, width, height);
        const html = `<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`;
        return this.renderer()
          .pngOfHtml(html, origin, width, height)
          .catch(() => null);
      },
    };
  }
}
