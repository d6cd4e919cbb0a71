import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReportPages, ReportViewMeta } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { Fail, stubData } from '../../data/test-stub';
import { printPath, readPrintQuery } from '../paths';
import PrintPage from './PrintPage';
import ReleasedPage from './ReleasedPage';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

function pagesOf(from: number, count: number, total: number): ReportPages {
  const pages = [];
  for (let index = from; index < Math.min(from + count, total); index++)
    pages.push({ index, colFrom: 0, colTo: 1, charts: [], rows: [{ i: index, h: 24, cells: [{ c: 0, t: `第${index + 1}行`, s: 0 }] }] });
  return {
    pageCount: total,
    rowCount: total,
    colCount: 1,
    colWidths: [200],
    styles: [{}],
    print: { paper: 'A5', orientation: 'landscape', margins: { top: 12, right: 8, bottom: 12, left: 8 }, fitWidth: true, pageNumbers: true },
    scale: 1,
    pages,
    notices: [],
  };
}

const meta: ReportViewMeta = { F_ReportId: 'r1', F_Name: '销售日报', query: [], canPrint: true, canExport: false, needsPassword: false };

describe('print view', { timeout: SLOW }, () => {
  it('carries the release, the values, the share and the language in its address', () => {
    const path = printPath('r1', { releaseId: 'rel1', params: { region: '华东', period: ['2026-12-01', '2026-12-31'] }, lang: 'en' });
    const [pathname, search] = path.split('?');
    expect(pathname).toBe('/report-print/r1');
    expect(readPrintQuery(new URLSearchParams(search))).toEqual({
      releaseId: 'rel1',
      params: { region: '华东', period: ['2026-12-01', '2026-12-31'] },
      share: undefined,
      access: undefined,
      lang: 'en',
    });
    expect(readPrintQuery(new URLSearchParams('params=%7Bbroken')).params).toEqual({});
  });

  it('renders every page, 50 at a time, with the paper of the print setup, then marks the body ready', async () => {
    signInForTest([]);
    const calls = stubData([[/^POST \/report-view\/r1\/pages$/, (_url, body) => pagesOf((body as { from: number }).from, 50, 120)]]);
    renderWithApp(
      <MemoryRouter initialEntries={[printPath('r1', { releaseId: 'rel1', params: { region: '华东' } })]}>
        <Routes>
          <Route path="/report-print/:id" element={<PrintPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.body.dataset.printReady).toBe('1'));
    expect(document.querySelectorAll('.rv-print-page')).toHaveLength(120);
    expect(calls.map((c) => c.body)).toEqual([
      { releaseId: 'rel1', params: { region: '华东' }, from: 0, count: 50 },
      { releaseId: 'rel1', params: { region: '华东' }, from: 50, count: 50 },
      { releaseId: 'rel1', params: { region: '华东' }, from: 100, count: 50 },
    ]);
    // A5 landscape: 210 × 148 mm, the margins of the setup.
    expect(document.querySelector('.rv-print style')?.textContent).toBe('@page { size: 210mm 148mm; margin: 12mm 8mm 12mm 8mm; }');
    expect(screen.getAllByTestId('report-page-number').at(-1)!.textContent).toBe('第 120 页 / 共 120 页');
  });

  it('marks the body with the message when the report cannot be made', async () => {
    signInForTest([]);
    stubData([[/^POST \/report-view\/r1\/pages$/, () => new Fail('数据集 订单 查询失败')]]);
    renderWithApp(
      <MemoryRouter initialEntries={['/report-print/r1']}>
        <Routes>
          <Route path="/report-print/:id" element={<PrintPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.body.dataset.printError).toBe('数据集 订单 查询失败'));
    expect(screen.getByTestId('report-print-error').textContent).toContain('查询失败');
    expect(document.body.dataset.printReady).toBeUndefined();
  });

  it('uses the share link’s public calls in share mode', async () => {
    const calls = stubData([[/^POST \/report-frame\/r1\/pages$/, (_url, body) => pagesOf((body as { from: number }).from, 50, 3)]]);
    renderWithApp(
      <MemoryRouter initialEntries={[printPath('r1', { share: 'tok', access: 'acc' })]}>
        <Routes>
          <Route path="/report-print/:id" element={<PrintPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.body.dataset.printReady).toBe('1'));
    expect(calls[0].url.search).toBe('?share=tok&access=acc');
    expect(calls[0].body).toEqual({ params: {}, from: 0, count: 50 });
  });
});

describe('released page', { timeout: SLOW }, () => {
  it('reads its release’s meta and shows the report through the release', async () => {
    signInForTest([]);
    const calls = stubData([
      [/^GET \/report-view\/release\/rel1\/meta$/, () => meta],
      [/^POST \/report-view\/r1\/pages$/, (_url, body) => pagesOf((body as { from: number }).from, 5, 3)],
      [/^GET \/modules\/(vue|common)$/, () => []],
    ]);
    renderWithApp(
      <MemoryRouter initialEntries={['/report/view/rel1/index']}>
        <ReleasedPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('第1行')).toBeTruthy();
    expect(calls.find((c) => c.path === '/report-view/r1/pages')!.body).toEqual({ releaseId: 'rel1', params: {}, from: 0, count: 5 });
    expect(screen.queryByTestId('report-export-xlsx')).toBeNull();
    expect(screen.getByTestId('report-print')).toBeTruthy();
  });

  it('says so when the release is gone', async () => {
    signInForTest([]);
    stubData([
      [/^GET \/report-view\/release\/rel1\/meta$/, () => new Fail('报表发布不存在：rel1', 10404)],
      [/^GET \/modules\/(vue|common)$/, () => []],
    ]);
    renderWithApp(
      <MemoryRouter initialEntries={['/report/view/rel1/index']}>
        <ReleasedPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('report-view-error')).textContent).toContain('报表发布不存在');
  });
});
