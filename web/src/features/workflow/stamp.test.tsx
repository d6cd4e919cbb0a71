import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DictionaryItem, StampBody, StampRow } from '@app/contracts';
import type { UserBrief } from '../../components/pickers';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData } from '../data/test-stub';
import StampPage, { toStampBody } from './StampPage';
import { exportSignature } from './stamp-fields';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });
const item = (value: string, name: string): DictionaryItem => ({
  F_ItemDetailId: value,
  F_ItemId: 'i',
  F_ParentId: '0',
  F_ItemName: name,
  F_ItemValue: value,
  F_ItemCode: value,
  F_SortCode: 0,
  F_EnabledMark: 1,
  F_Description: '',
});
const row = (over: Partial<StampRow> = {}): StampRow => ({
  F_StampId: 's1',
  F_StampName: '公章',
  F_StampType: '1',
  F_StampAttributes: '1',
  F_Sort: 1,
  F_File_Type: 1,
  F_File: '/api/files/f1?sig=abcdefghijkl',
  F_FileId: 'f1',
  F_Description: '公司公章',
  EnabledMark: 1,
  hasPassword: true,
  canUse: true,
  canManage: true,
  F_CreateDate: '2026-11-24 08:00:00',
  ...over,
});
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const routes = (rows: StampRow[]): Parameters<typeof stubData>[0] => [
  [/^GET \/stamps$/, () => page(rows)],
  [/^GET \/data-items\/StampType\/detail$/, () => [item('1', '公章类'), item('2', '个人签名')]],
];

/** The texts of the options of the select opened last. */
const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};

/** jsdom has no 2D canvas: a minimal one, whose export answers a PNG data URL. */
function fakeCanvas() {
  const ctx = {
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
    lineWidth: 0,
    lineCap: '',
    lineJoin: '',
    strokeStyle: '',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return `${PNG}#${this.width}x${this.height}`;
  });
  return { ctx, toDataURL };
}

describe('stamp screen', { timeout: SLOW }, () => {
  it('lists stamps with the category label, image, default tag and status; row actions follow canManage', async () => {
    signInForTest([]);
    stubData(
      routes([
        row(),
        row({
          F_StampId: 's2',
          F_StampName: '签名',
          F_StampType: '2',
          F_StampAttributes: '0',
          F_File_Type: 2,
          F_File: PNG,
          F_FileId: '',
          EnabledMark: 0,
          canManage: false,
        }),
      ]),
    );
    renderWithApp(<StampPage />);
    const first = await screen.findByTestId('stamp-row-s1');
    await waitFor(() => expect(within(first).getByText('公章类')).toBeTruthy());
    expect(within(first).getByTestId('stamp-image-s1').getAttribute('src')).toBe('/api/files/f1?sig=abcdefghijkl');
    expect(within(first).getByTestId('stamp-default-s1').textContent).toBe('默认');
    expect(within(first).getByText('启用')).toBeTruthy();
    expect(within(first).getByText('公司公章')).toBeTruthy();
    for (const id of ['stamp-edit-s1', 'stamp-toggle-s1', 'stamp-member-s1', 'stamp-delete-s1']) expect(within(first).getByTestId(id)).toBeTruthy();
    // The default stamp offers no 'set default'.
    expect(within(first).queryByTestId('stamp-default-set-s1')).toBeNull();

    const second = screen.getByTestId('stamp-row-s2');
    expect(within(second).getByTestId('stamp-image-s2').getAttribute('src')).toBe(PNG);
    expect(within(second).queryByTestId('stamp-default-s2')).toBeNull();
    expect(within(second).getByText('停用')).toBeTruthy();
    expect(within(second).getByText('手写签名')).toBeTruthy();
    for (const id of ['stamp-edit-s2', 'stamp-toggle-s2', 'stamp-member-s2', 'stamp-delete-s2']) expect(within(second).queryByTestId(id)).toBeNull();
    // Anyone signed in may add a personal stamp.
    expect(screen.getByTestId('stamp-add')).toBeTruthy();
  });

  it('enable / disable / set default call the PATCH routes', async () => {
    signInForTest([]);
    const calls = stubData([
      ...routes([row({ F_StampAttributes: '0' }), row({ F_StampId: 's2', F_StampName: '签名', EnabledMark: 0, F_StampAttributes: '0' })]),
      [/^PATCH \/stamps\/s\d\/(enable|not-enabled|set-default)$/, () => null],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-toggle-s1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/stamps/s1/not-enabled')).toBe(true));
    expect(screen.getByTestId('stamp-toggle-s2').textContent).toContain('启用');
    fireEvent.click(screen.getByTestId('stamp-toggle-s2'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/stamps/s2/enable')).toBe(true));
    fireEvent.click(screen.getByTestId('stamp-default-set-s2'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/stamps/s2/set-default')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/stamps').length).toBeGreaterThan(1));
  });

  it('the add dialog shows the spec messages in Chinese', async () => {
    signInForTest([]);
    const calls = stubData(routes([]));
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-add'));
    const name = await screen.findByTestId('stamp-name');
    fireEvent.blur(name);
    expect(await screen.findByText('请填写印章名称')).toBeTruthy();
    fireEvent.click(screen.getByTestId('modal-ok'));
    for (const text of ['请选择印章分类', '请填写密码', '请上传图片']) expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses an image over 5 MB before uploading', async () => {
    signInForTest([]);
    stubData(routes([]));
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-add'));
    const input = await screen.findByTestId('stamp-upload-input');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('上传图片大小不能超过 5MB!')).toBeTruthy();
  });

  it('adds a handwritten signature: password and an 80 × 50 PNG data URL from the canvas', async () => {
    signInForTest([]);
    const { ctx } = fakeCanvas();
    let posted: StampBody | undefined;
    stubData([
      ...routes([]),
      [
        /^POST \/stamps$/,
        (_u, body) => {
          posted = body as StampBody;
          return { F_StampId: 's9' };
        },
      ],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-add'));
    fireEvent.change(await screen.findByTestId('stamp-name'), { target: { value: '我的签名' } });
    fireEvent.mouseDown(within(screen.getByTestId('stamp-type')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = openOptions().find((o) => o.textContent === '个人签名');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.change(screen.getByTestId('stamp-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('stamp-file-type-2'));
    const canvas = await screen.findByTestId('stamp-signature-canvas');
    expect(canvas.getAttribute('width')).toBe('400');
    expect(canvas.getAttribute('height')).toBe('250');
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    expect(ctx.stroke).toHaveBeenCalled();
    expect(ctx.drawImage).toHaveBeenCalledWith(canvas, 0, 0, 80, 50);
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      F_StampName: '我的签名',
      F_StampType: '2',
      F_Password: 'secret1',
      F_Sort: 0,
      F_File_Type: 2,
      F_File: `${PNG}#80x50`,
      F_Description: '',
    });
  });

  it('edits keeping the password (empty) and the uploaded file id', async () => {
    signInForTest([]);
    let put: { path: string; body: StampBody } | undefined;
    const calls = stubData([
      ...routes([row()]),
      [
        /^PUT \/stamps\/s1$/,
        (u, body) => {
          put = { path: u.pathname, body: body as StampBody };
          return null;
        },
      ],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-edit-s1'));
    expect(await screen.findByText('不填写则保留原密码')).toBeTruthy();
    expect(screen.getByTestId('stamp-upload-preview').getAttribute('src')).toBe('/api/files/f1?sig=abcdefghijkl');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(put).toBeDefined());
    expect(put!.body).toMatchObject({ F_StampName: '公章', F_Password: '', F_File_Type: 1, F_File: 'f1' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves members through the user picker (multi)', async () => {
    signInForTest([]);
    let saved: unknown;
    const user = (id: string, name: string): UserBrief => ({
      F_UserId: id,
      F_Account: id,
      F_RealName: name,
      F_Gender: 0,
      F_HeadIcon: null,
      F_EnabledMark: 1,
      F_CompanyId: 'c1',
      F_DepartmentName: '研发部',
    });
    const calls = stubData([
      ...routes([row()]),
      [/^GET \/stamps\/s1\/member$/, () => ({ userIds: [], users: [] })],
      [
        /^PUT \/stamps\/s1\/member$/,
        (_u, body) => {
          saved = body;
          return null;
        },
      ],
      [/^GET \/companies\/departments\/tree$/, () => [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }]],
      [/^GET \/companies\/c1\/users$/, () => page([user('u2', '张三'), user('u3', '李四')])],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-member-s1'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(saved).toEqual({ userIds: ['u2', 'u3'] }));
    expect(calls.some((c) => c.method === 'GET' && c.path === '/stamps/s1/member')).toBe(true);
  });
});

describe('stamp screen: category filter, managers, maintainers', { timeout: SLOW }, () => {
  const user = (id: string, name: string): UserBrief => ({
    F_UserId: id,
    F_Account: id,
    F_RealName: name,
    F_Gender: 0,
    F_HeadIcon: null,
    F_EnabledMark: 1,
    F_CompanyId: 'c1',
    F_DepartmentName: '研发部',
  });
  const pickerRoutes: Parameters<typeof stubData>[0] = [
    [/^GET \/companies\/departments\/tree$/, () => [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }]],
    [/^GET \/companies\/c1\/users$/, () => page([user('u2', '张三'), user('u3', '李四')])],
    [/^GET \/users\/multi\/.*$/, () => [user('u2', '张三')]],
  ];

  it('filters the list by category (StampType)', async () => {
    signInForTest([]);
    const calls = stubData(routes([row()]));
    renderWithApp(<StampPage />);
    await screen.findByTestId('stamp-row-s1');
    fireEvent.mouseDown(within(screen.getByTestId('stamp-filter-type')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = openOptions().find((o) => o.textContent === '个人签名');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'GET' && c.path === '/stamps')
          .at(-1)!
          .url.searchParams.get('F_StampType'),
      ).toBe('2'),
    );
  });

  it('reads the managers, then sets them through PATCH /stamps/set-manager', async () => {
    signInForTest([]);
    let saved: { path: string; body: unknown } | undefined;
    stubData([
      ...routes([row()]),
      ...pickerRoutes,
      [/^GET \/stamps\/s1\/manager$/, () => ({ userIds: ['u2'], users: [{ F_UserId: 'u2', F_Account: 'u2', F_RealName: '张三' }] })],
      [
        /^PATCH \/stamps\/set-manager$/,
        (u, body) => {
          saved = { path: u.pathname, body };
          return null;
        },
      ],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-manager-s1'));
    expect(await screen.findByText('设置管理者')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(saved?.body).toEqual({ stampId: 's1', userIds: ['u2', 'u3'] }));
  });

  it('reads and saves the maintainers through GET / PUT /stamps/{id}/maintain', async () => {
    signInForTest([]);
    let saved: unknown;
    const calls = stubData([
      ...routes([row()]),
      ...pickerRoutes,
      [/^GET \/stamps\/s1\/maintain$/, () => ({ userIds: ['u2'], users: [{ F_UserId: 'u2', F_Account: 'u2', F_RealName: '张三' }] })],
      [
        /^PUT \/stamps\/s1\/maintain$/,
        (_u, body) => {
          saved = body;
          return null;
        },
      ],
    ]);
    renderWithApp(<StampPage />);
    fireEvent.click(await screen.findByTestId('stamp-maintainer-s1'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(saved).toEqual({ userIds: ['u2', 'u3'] }));
    expect(calls.some((c) => c.method === 'GET' && c.path === '/stamps/s1/maintain')).toBe(true);
  });

  it('offers managers and maintainers only on stamps the caller manages', async () => {
    signInForTest([]);
    stubData(routes([row({ canManage: false })]));
    renderWithApp(<StampPage />);
    const first = await screen.findByTestId('stamp-row-s1');
    for (const id of ['stamp-manager-s1', 'stamp-maintainer-s1']) expect(within(first).queryByTestId(id)).toBeNull();
  });
});

describe('stamp helpers', () => {
  it('exportSignature answers undefined without a 2D canvas (jsdom)', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => null) as never);
    expect(exportSignature(document.createElement('canvas'))).toBeUndefined();
  });

  it('toStampBody picks the file of the chosen type', () => {
    const base = { F_StampName: 'a', F_StampType: '1', F_File_Type: 1 as const, image: { id: 'f1', url: '/u' }, signature: PNG };
    expect(toStampBody(base).F_File).toBe('f1');
    expect(toStampBody({ ...base, F_File_Type: 2 }).F_File).toBe(PNG);
    expect(toStampBody({ ...base, image: undefined }).F_File).toBe('');
  });
});
