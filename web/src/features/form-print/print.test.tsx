import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { FormField, PrintData } from '@app/contracts';
import { printSetting } from '@app/contracts';
import { loadEveryLocale } from '../../lib/i18n';
import { renderWithApp, stubApi } from '../../test/helpers';
import { field } from '../../components/form-renderer/fields/rich/test-util';
import PrintPage from './PrintPage';
import { PrintDialog } from './PrintDialog';
import { PrintView, printBlock, printItems, printRows } from './PrintView';

await loadEveryLocale();

const tabs = {
  __config__: {
    formId: 120,
    avueType: 'tabs',
    tag: '',
    label: 'tabs',
    showLabel: true,
    labelWidth: 120,
    span: 24,
    layout: 'rowFormItem',
    required: false,
    view: true,
    edit: true,
    regList: [],
    option: {
      column: [
        { label: '基本信息', prop: 't1' },
        { label: '其他', prop: 't2' },
      ],
    },
    childrenObj: {
      t1: [field('input', 121, 'inTab', {}, { label: '页内字段', span: 12 }), field('input', 122, 'secret', {}, { label: '保密', span: 12 })],
      t2: [field('input', 123, 'hiddenTab', {}, { label: '不打印' })],
    },
  },
} as unknown as FormField;

const items = field(
  'table',
  130,
  'items',
  {},
  {
    label: '明细',
    children: [
      field('input', 131, 'name', {}, { label: '品名' }),
      field('number', 132, 'qty', {}, { label: '数量' }),
      field('input', 133, 'note', {}, { label: '备注' }),
    ],
  },
);

const scheme: FormField[] = [
  field('input', 101, 'title', {}, { label: '标题', span: 12 }),
  field('select', 102, 'color', { __slot__: { options: [{ label: '红色', value: 'r' }] } }, { label: '颜色', span: 8 }),
  field('switch', 103, 'urgent', { 'active-text': '加急', 'inactive-text': '普通' }, { label: '紧急', span: 12 }),
  field('editor', 104, 'body', {}, { label: '正文' }),
  tabs,
  items,
];

const data = (over: Partial<PrintData> = {}): PrintData => ({
  title: '采购单',
  form: {
    F_Id: 'form1',
    F_Name: '采购',
    F_Type: 0,
    F_Category: '',
    F_Url: '',
    F_Description: '',
    F_SortCode: 0,
    F_EnabledMark: 1,
    F_IsDefault: 0,
    F_SchemeId: 'v1',
    F_Version: 1,
    F_CreateUserName: null,
    F_CreateDate: null,
    F_ModifyDate: null,
    F_HasTables: true,
    tableInfo: [],
    F_Scheme: { data: scheme, formConf: { labelWidth: 100 } } as PrintData['form']['F_Scheme'],
  },
  formData: {
    title: '办公用品',
    color: 'r',
    urgent: true,
    body: '<p>见<b>附件</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    inTab: '在页签里',
    secret: '不可见',
    hiddenTab: '也不可见',
    items: [
      { name: '笔', qty: '2', note: '' },
      { name: '纸', qty: '3.5', note: '' },
    ],
  },
  viewable: [101, 102, 103, 104, 121, 130, 131, 132],
  setting: printSetting.parse({ title: '' }),
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.body.dataset.printReady;
  delete document.body.dataset.printError;
});

describe('print layout', () => {
  it('lays printable fields out in rows of 24, the last field of a row filling it', () => {
    const rows = printRows(printItems(scheme, new Set(data().viewable)));
    const shape = rows.map((row) =>
      row.map(({ item, span }) => `${item.kind === 'field' ? item.field.__vModel__ : item.kind === 'table' ? item.field.__vModel__ : item.title}:${span}`),
    );
    expect(shape).toEqual([['title:12', 'color:12'], ['urgent:24'], ['body:24'], ['基本信息:24'], ['inTab:24'], ['items:24']]);
  });

  it('blocks a form without fields and a record without printable fields (spec 5)', () => {
    expect(printBlock(data({ form: { ...data().form, F_Scheme: { data: [], formConf: {} } as unknown as PrintData['form']['F_Scheme'] } }))).toBe(
      'schemeInvalid',
    );
    expect(printBlock(data({ viewable: [] }))).toBe('noAuthority');
    expect(printBlock(data())).toBeNull();
    const view = renderWithApp(<PrintView data={data({ viewable: [] })} />);
    expect(view.getByTestId('print-blocked').textContent).toContain('无表单权限，请检查数据格式');
    expect(view.queryByTestId('print-view')).toBeNull();
  });
});

describe('PrintView', () => {
  it('prints viewable fields as display texts, tabs as sections and sub-tables with totals', () => {
    const view = renderWithApp(<PrintView data={data()} />);
    const page = view.getByTestId('print-view');
    expect(page.className).toContain('fp-style-0');
    expect(view.getByTestId('print-title').textContent).toBe('采购单');
    expect(view.getByTestId('print-title').className).toContain('fp-title-underline');
    expect(page.querySelector('style')?.textContent).toContain('size: A4 portrait');
    expect(page.style.getPropertyValue('--fp-border')).toBe('#7e7e7e');
    const cell = (v: string) => page.querySelector(`[data-field="${v}"] .fp-value`)?.textContent;
    expect(cell('title')).toBe('办公用品');
    expect(cell('color')).toBe('红色');
    expect(cell('urgent')).toBe('加急');
    expect(cell('inTab')).toBe('在页签里');
    // No view authority: not printed; a tab with nothing printable has no section.
    expect(page.textContent).not.toContain('不可见');
    expect(page.textContent).not.toContain('其他');
    // Rich text is cleaned.
    const rich = page.querySelector('[data-field="body"] .fp-rich') as HTMLElement;
    expect(rich.innerHTML).toContain('<b>附件</b>');
    expect(rich.innerHTML).not.toContain('script');
    expect(rich.innerHTML).not.toContain('onerror');
    // Sub-table: printable columns only, a totals row for the number column.
    const table = within(view.getByTestId('print-table-items'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['序号', '品名', '数量']);
    expect(table.getByText('笔')).toBeTruthy();
    const totals = view.getByTestId('print-table-items').querySelector('tfoot tr') as HTMLElement;
    expect(Array.from(totals.children).map((td) => td.textContent)).toEqual(['合计', '', '5.5']);
  });

  it('follows the overrides: style, paper and title underline', () => {
    const view = renderWithApp(<PrintView data={data()} overrides={{ style: 1, type: 4, underline: 0 }} documentNumber="K-1" />);
    const page = view.getByTestId('print-view');
    expect(page.className).toContain('fp-style-1');
    expect(page.querySelector('style')?.textContent).toContain('size: A3 landscape');
    expect(view.getByTestId('print-title').className).not.toContain('fp-title-underline');
    expect(page.querySelector('.fp-doc-line')?.textContent).toContain('K-1');
  });

  it('prints upload images 200 px wide and other files by name', async () => {
    stubApi([
      [
        /^GET \/annexes-files\/url\/folder9$/,
        () => [
          { F_Id: 'a', F_FileName: 'photo.png', url: '/api/files/a?sig=1', previewKind: 'image' },
          { F_Id: 'b', F_FileName: 'contract.pdf', url: '/api/files/b?sig=2', previewKind: 'pdf' },
        ],
      ],
    ]);
    const withUpload = data();
    withUpload.form.F_Scheme.data = [...scheme, field('upload', 140, 'files', {}, { label: '附件' })];
    withUpload.viewable = [...withUpload.viewable, 140];
    withUpload.formData = { ...withUpload.formData, files: 'folder9' };
    const view = renderWithApp(<PrintView data={withUpload} />);
    const img = (await view.findByAltText('photo.png')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/files/a?sig=1');
    expect(img.style.width).toBe('200px');
    expect(img.style.maxWidth).toBe('600px');
    expect(view.getByText('contract.pdf')).toBeTruthy();
  });
});

const at = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/form-print/index" element={<PrintPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('PrintPage', () => {
  it('loads the record, shows the overlay for a second, then marks the page ready; the address overrides the setting', async () => {
    const calls = stubApi([[/^GET \/form-relation\/r1\/print\/k1$/, () => data({ formData: { ...data().formData, body: '<p>正文</p>' } })]]);
    const view = at('/form-print/index?relationId=r1&keyValue=k1&style=2&type=2&underline=0');
    expect(document.body.dataset.printReady).toBeUndefined();
    await waitFor(() => expect(document.body.dataset.printReady).toBe('1'), { timeout: 4000 });
    expect(calls.some((c) => c.path === '/form-relation/r1/print/k1')).toBe(true);
    const page = view.getByTestId('print-view');
    expect(page.className).toContain('fp-style-2');
    expect(page.querySelector('style')?.textContent).toContain('size: A4 landscape');
    expect(document.body.dataset.printError).toBeUndefined();
  });

  it('marks and shows the error of a record that cannot be printed', async () => {
    stubApi([[/^GET \/form-relation\/r1\/print\/k1$/, () => data({ viewable: [] })]]);
    const view = at('/form-print/index?relationId=r1&keyValue=k1');
    await waitFor(() => expect(document.body.dataset.printError).toBe('无表单权限，请检查数据格式'), { timeout: 4000 });
    expect(view.getByTestId('print-error').textContent).toContain('无表单权限');
    expect(document.body.dataset.printReady).toBeUndefined();
  });

  it('opens the print dialog with auto=1', async () => {
    stubApi([[/^GET \/form-relation\/r1\/print\/k1$/, () => data({ formData: { ...data().formData, body: '' } })]]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    at('/form-print/index?relationId=r1&keyValue=k1&auto=1');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });
});

describe('PrintDialog', () => {
  it('starts from the relation setting and puts the choices into the frame address', async () => {
    stubApi([[/^GET \/form-relation\/r1\/print\/k1$/, () => data({ setting: printSetting.parse({ style: 3, type: 2, titleUnderline: 0 }) })]]);
    const view = renderWithApp(<PrintDialog open relationId="r1" keyValue="k1" onClose={() => {}} />);
    const frame = (await view.findByTestId('print-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/form-print/index?relationId=r1&keyValue=k1&style=3&type=2&underline=0');
    expect(view.getByTestId('print-underline').getAttribute('aria-checked')).toBe('false');
    act(() => fireEvent.click(view.getByTestId('print-underline')));
    await waitFor(() => expect((view.getByTestId('print-frame') as HTMLIFrameElement).getAttribute('src')).toContain('underline=1'));
    expect(view.getByTestId('print-now')).toBeTruthy();
    expect(view.getByTestId('print-pdf')).toBeTruthy();
  });

  it('shows why the record cannot be printed', async () => {
    stubApi([]);
    const view = renderWithApp(<PrintDialog open relationId="r1" keyValue="k1" onClose={() => {}} />);
    expect((await view.findByTestId('print-dialog-error')).textContent).toContain('no stub');
    expect(view.queryByTestId('print-frame')).toBeNull();
    expect(view.getByTestId('print-pdf').closest('button')?.disabled).toBe(true);
  });
});
