import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReportPages, ReportStyle, ReportViewMeta } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { Fail, stubData, type Call } from '../../data/test-stub';
import { ReportViewer, viewSource } from './ReportViewer';
import { layoutPage } from './layout';
import FramePage from '../view/FramePage';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const styles: ReportStyle[] = [
  {},
  {
    bold: true,
    color: '#ff0000',
    background: '#ffff00',
    hAlign: 'center',
    border: { top: { style: 'thin', color: '#000000' }, bottom: { style: 'double', color: '#0000ff' } },
  },
  { italic: true, underline: true, strike: true, fontSize: 14, fontFamily: 'SimSun', wrap: true, vAlign: 'top' },
];

/** Pages [from, from + count) of a 12-page report: each page a merged title over A–B, a number, a cell in B only. */
function pagesOf(from: number, count: number, total = 12, notices: ReportPages['notices'] = []): ReportPages {
  const pages = [];
  for (let index = from; index < Math.min(from + count, total); index++) {
    pages.push({
      index,
      colFrom: 0,
      colTo: 3,
      charts: [],
      rows: [
        {
          i: index * 3,
          h: 30,
          cells: [
            { c: 0, rs: 2, cs: 2, t: `标题${index + 1}`, s: 1 },
            { c: 2, t: '右上', s: 0 },
          ],
        },
        { i: index * 3 + 1, h: 24, cells: [{ c: 2, t: '1,234.50', v: 1234.5, s: 2 }] },
        { i: index * 3 + 2, h: 24, cells: [{ c: 1, t: '只在B列', s: 0 }] },
      ],
    });
  }
  return {
    pageCount: total,
    rowCount: total * 3,
    colCount: 3,
    colWidths: [100, 80, 120],
    styles,
    print: { paper: 'A4', orientation: 'portrait', margins: { top: 15, right: 10, bottom: 15, left: 10 }, fitWidth: true, pageNumbers: true },
    scale: 1,
    pages,
    notices,
  };
}

const meta = (over: Partial<ReportViewMeta> = {}): ReportViewMeta => ({
  F_ReportId: 'r1',
  F_Name: '销售日报',
  query: [{ name: 'region', label: '区域', type: 'text', required: false, value: '华东' }],
  canPrint: true,
  canExport: true,
  needsPassword: false,
  ...over,
});

const pageCalls = (calls: Call[], path = '/report-view/r1/pages') => calls.filter((c) => c.method === 'POST' && c.path === path);

function stubViewer(m: ReportViewMeta = meta(), notices: ReportPages['notices'] = []) {
  return stubData([
    [/^GET \/report-view\/r1\/meta$/, () => m],
    [
      /^POST \/report-view\/r1\/pages$/,
      (_url, body) => {
        const b = body as { from: number; count: number };
        return pagesOf(b.from, b.count, 12, notices);
      },
    ],
    [/^POST \/report-view\/r1\/export$/, () => null],
  ]);
}

const renderViewer = () => renderWithApp(<ReportViewer source={viewSource('r1')} />);

/** The table cell holding exactly that text. */
const cell = (text: string) => screen.getByText(text).closest('td') as HTMLTableCellElement;

describe('page layout', () => {
  it('covers every column once per row: spans, the cells they cover, and runs of empty columns', () => {
    const page = pagesOf(0, 1).pages[0];
    const layout = layoutPage(page, [100, 80, 120]);
    expect(layout.width).toBe(300);
    expect(layout.rows.map((r) => r.cells.map((c) => (c.kind === 'cell' ? `${c.cell.t}:${c.rs}x${c.cs}` : `empty:${c.cs}`)))).toEqual([
      ['标题1:2x2', '右上:1x1'],
      ['1,234.50:1x1'],
      ['empty:1', '只在B列:1x1', 'empty:1'],
    ]);
    // A merged cell's box: both rows' heights, both columns' widths.
    const title = layout.rows[0].cells[0];
    expect(title.kind === 'cell' && [title.width, title.height]).toEqual([180, 54]);
  });

  it('clips spans to the page: a merge running past the last row or column of the page', () => {
    const page = { index: 0, colFrom: 1, colTo: 3, charts: [], rows: [{ i: 0, h: 20, cells: [{ c: 0, rs: 5, cs: 5, t: 'x', s: 0 }] }] };
    const layout = layoutPage(page, [10, 20, 30, 40]);
    expect(layout.rows[0].cells).toEqual([expect.objectContaining({ kind: 'cell', col: 1, rs: 1, cs: 2, width: 50, height: 20 })]);
  });
});

describe('report viewer', { timeout: SLOW }, () => {
  it('draws the page: exact widths and heights, merged cells, every style, numbers to the right, the page number', async () => {
    const calls = stubViewer();
    renderViewer();
    expect((await screen.findByTestId('report-title')).textContent).toBe('销售日报');
    await screen.findByText('标题1');
    // The first pages with the query bar's defaults, a few at a time.
    expect(pageCalls(calls)[0].body).toEqual({ params: { region: '华东' }, from: 0, count: 5 });

    const widths = [...document.querySelectorAll('.rv-table col')].map((c) => (c as HTMLElement).style.width);
    expect(widths).toEqual(['100px', '80px', '120px']);
    const heights = [...document.querySelectorAll('.rv-table tr')].map((r) => (r as HTMLElement).style.height);
    expect(heights).toEqual(['30px', '24px', '24px']);

    const title = cell('标题1');
    expect(title.rowSpan).toBe(2);
    expect(title.colSpan).toBe(2);
    expect(title.style.fontWeight).toBe('700');
    expect(title.style.color).toBe('rgb(255, 0, 0)');
    expect(title.style.backgroundColor).toBe('rgb(255, 255, 0)');
    expect(title.style.textAlign).toBe('center');
    expect(title.style.borderTop).toMatch(/1px solid (#000000|rgb\(0, 0, 0\))/);
    expect(title.style.borderBottom).toMatch(/3px double (#0000ff|rgb\(0, 0, 255\))/);

    const number = cell('1,234.50');
    expect(number.style.fontStyle).toBe('italic');
    expect(number.style.textDecoration).toBe('underline line-through');
    expect(number.style.fontSize).toBe('14pt');
    expect(number.style.fontFamily).toContain('SimSun');
    expect(number.style.whiteSpace).toBe('pre-wrap');
    expect(number.style.verticalAlign).toBe('top');
    expect(number.style.textAlign).toBe('right');

    // The second row has only its third column (the merge covers the rest); the third empty cells around B.
    const rows = document.querySelectorAll('.rv-table tr');
    expect(rows[1].querySelectorAll('td')).toHaveLength(1);
    expect([...rows[2].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['', '只在B列', '']);

    expect(screen.getByTestId('report-page-number').textContent).toBe('第 1 页 / 共 12 页');
    expect(screen.getByTestId('report-page-count').textContent).toBe('页 / 共 12 页');
    // Only the page shown is in the document.
    expect(screen.getAllByTestId('report-page')).toHaveLength(1);
  });

  it('pages through the report, asking the server for the next pages only when they are needed', async () => {
    const calls = stubViewer();
    renderViewer();
    await screen.findByText('标题1');
    expect(pageCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('report-next'));
    await screen.findByText('标题2');
    // Pages 1–5 came in the first answer.
    expect(pageCalls(calls)).toHaveLength(1);

    const input = screen.getByTestId('report-page-input');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('标题7');
    expect(pageCalls(calls).some((c) => (c.body as { from: number }).from === 5)).toBe(true);

    fireEvent.click(screen.getByTestId('report-last'));
    await screen.findByText('标题12');
    expect(pageCalls(calls).at(-1)!.body).toMatchObject({ from: 10, count: 5 });
    expect((screen.getByTestId('report-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('report-first'));
    await screen.findByText('标题1');
    expect((screen.getByTestId('report-previous') as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the query bar’s values from the first page, and shows the notices', async () => {
    const calls = stubViewer(meta(), [{ key: 'report.dataSetTruncated', params: { name: '订单', max: 200000 } }]);
    renderViewer();
    await screen.findByText('标题1');
    expect(screen.getByTestId('report-notice').textContent).toContain('数据集 订单 超过 200000 行');
    fireEvent.click(screen.getByTestId('report-next'));
    await screen.findByText('标题2');
    fireEvent.change(screen.getByTestId('report-param-region'), { target: { value: '华南' } });
    fireEvent.click(screen.getByTestId('report-search'));
    await waitFor(() => expect(pageCalls(calls).at(-1)!.body).toEqual({ params: { region: '华南' }, from: 0, count: 5 }));
    await screen.findByText('标题1');
  });

  it('waits for a required parameter before running the report', async () => {
    const calls = stubViewer(meta({ query: [{ name: 'day', label: '日期', type: 'date', required: true, value: '' }] }));
    renderViewer();
    expect(await screen.findByTestId('report-needs-params')).toBeTruthy();
    expect(pageCalls(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('report-search'));
    expect(await screen.findByText('请填写日期')).toBeTruthy();
    expect(pageCalls(calls)).toHaveLength(0);
  });

  it('exports to Excel and PDF with the values of the query bar', async () => {
    const calls = stubViewer();
    renderViewer();
    await screen.findByText('标题1');
    fireEvent.click(screen.getByTestId('report-export-xlsx'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/report-view/r1/export')).toBe(true));
    expect(calls.find((c) => c.path === '/report-view/r1/export')!.body).toEqual({ format: 'xlsx', params: { region: '华东' } });
    await waitFor(() => expect((screen.getByTestId('report-export-pdf') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('report-export-pdf'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/report-view/r1/export').at(-1)!.body).toMatchObject({ format: 'pdf' }));
    expect(screen.getByTestId('report-print')).toBeTruthy();
  });

  it('hides export and print without those rights', async () => {
    stubViewer(meta({ canExport: false, canPrint: false }));
    renderViewer();
    await screen.findByText('标题1');
    expect(screen.queryByTestId('report-export-xlsx')).toBeNull();
    expect(screen.queryByTestId('report-export-pdf')).toBeNull();
    expect(screen.queryByTestId('report-print')).toBeNull();
    expect(screen.getByTestId('report-pager')).toBeTruthy();
  });

  it('shows why the report did not come, and tries again', async () => {
    let fail = true;
    stubData([
      [/^GET \/report-view\/r1\/meta$/, () => meta()],
      [/^POST \/report-view\/r1\/pages$/, () => (fail ? new Fail('数据集 订单 查询失败：表不存在') : pagesOf(0, 5))],
    ]);
    renderViewer();
    expect((await screen.findByTestId('report-pages-error')).textContent).toContain('表不存在');
    fail = false;
    fireEvent.click(screen.getByTestId('report-retry'));
    expect(await screen.findByText('标题1')).toBeTruthy();
  });
});

describe('share link frame', { timeout: SLOW }, () => {
  function stubFrame() {
    return stubData([
      [/^GET \/report-frame\/r1\/meta$/, (url) => meta({ needsPassword: url.searchParams.get('access') !== 'acc1', canExport: false })],
      [
        /^POST \/report-frame\/r1\/unlock$/,
        (_url, body) => ((body as { password: string }).password === 'right' ? { access: 'acc1' } : new Fail('访问密码不正确')),
      ],
      [
        /^POST \/report-frame\/r1\/pages$/,
        (url, body) => (url.searchParams.get('access') === 'acc1' ? pagesOf((body as { from: number }).from, 5) : new Fail('需要访问密码', 10403)),
      ],
    ]);
  }
  const renderFrame = () =>
    renderWithApp(
      <MemoryRouter initialEntries={['/report-frame/r1?share=tok']}>
        <Routes>
          <Route path="/report-frame/:id" element={<FramePage />} />
        </Routes>
      </MemoryRouter>,
    );

  it('asks for the password, then shows the report through the frame calls only, never with the session', async () => {
    // A viewer who is signed in sees the link as anyone else does.
    signInForTest([]);
    const calls = stubFrame();
    renderFrame();
    const prompt = await screen.findByTestId('report-frame-password');
    expect(prompt.textContent).toContain('销售日报');
    fireEvent.change(screen.getByTestId('report-frame-password-input'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('report-frame-unlock'));
    expect((await screen.findByTestId('report-frame-password-error')).textContent).toBe('访问密码不正确');

    fireEvent.change(screen.getByTestId('report-frame-password-input'), { target: { value: 'right' } });
    fireEvent.click(screen.getByTestId('report-frame-unlock'));
    await screen.findByText('标题1');
    const unlock = calls.find((c) => c.path === '/report-frame/r1/unlock')!;
    expect(unlock.url.searchParams.get('share')).toBe('tok');
    const pages = pageCalls(calls, '/report-frame/r1/pages');
    expect(pages[0].url.searchParams.get('share')).toBe('tok');
    expect(pages[0].url.searchParams.get('access')).toBe('acc1');
    expect(pages[0].body).toEqual({ params: { region: '华东' }, from: 0, count: 5 });
    expect(calls.every((c) => c.path.startsWith('/report-frame/'))).toBe(true);
    expect(calls.some((c) => c.headers?.Authorization)).toBe(false);
    // The access is kept for the tab's session; the link's rights apply (no export here).
    expect(sessionStorage.getItem('app.reportShareAccess.tok')).toBe('acc1');
    expect(screen.queryByTestId('report-export-xlsx')).toBeNull();
  });

  it('shows a shared report without the shell when signed out, and keeps the access for the session', async () => {
    sessionStorage.setItem('app.reportShareAccess.tok', 'acc1');
    const calls = stubFrame();
    renderFrame();
    expect(await screen.findByTestId('report-frame-bare')).toBeTruthy();
    await screen.findByText('标题1');
    expect(screen.queryByTestId('report-frame-password')).toBeNull();
    expect(within(screen.getByTestId('report-viewer')).getByTestId('report-title').textContent).toBe('销售日报');
    expect(calls.some((c) => c.path === '/report-frame/r1/unlock')).toBe(false);
  });

  it('is the design preview for a signed-in user without a share token', async () => {
    signInForTest([]);
    const calls = stubViewer();
    renderWithApp(
      <MemoryRouter initialEntries={['/report-frame/r1']}>
        <Routes>
          <Route path="/report-frame/:id" element={<FramePage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('标题1');
    expect(calls.find((c) => c.path === '/report-view/r1/meta')!.url.searchParams.get('releaseId')).toBeNull();
    expect(pageCalls(calls)[0].headers?.Authorization).toBe('Bearer t1');
  });
});
