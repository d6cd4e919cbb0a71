import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileManagerItem, FolderTreeNode } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubXhr } from '../../components/files/test-util';
import { fileManagerPermissions as P } from './permissions';
import FileManagerPage from './FileManagerPage';

const ALL = Object.values(P);

const item = (over: Partial<FileManagerItem> & { F_Id: string; F_Name: string }): FileManagerItem => ({
  F_IsFolder: false,
  F_ParentId: null,
  F_FileSize: 2048,
  F_FileExtensions: '.txt',
  F_FileType: 'text/plain',
  F_CreateDate: '2026-11-23 09:00:00',
  F_ModifyDate: '2026-11-23 09:30:00',
  F_DeleteDate: null,
  url: `/api/files/${over.F_Id}?sig=abcdefghijklmnop`,
  previewKind: 'text',
  viewerUrl: null,
  ...over,
});
const folder = (id: string, name: string, parent: string | null = null) =>
  item({
    F_Id: id,
    F_Name: name,
    F_IsFolder: true,
    F_ParentId: parent,
    F_FileSize: null,
    F_FileExtensions: null,
    F_FileType: null,
    url: null,
    previewKind: null,
  });

const tree: FolderTreeNode[] = [
  { F_Id: 'd1', F_Name: '项目文档', F_ParentId: null, children: [{ F_Id: 'd2', F_Name: '2026 年度', F_ParentId: 'd1', children: [] }] },
];
const rootRows = [
  folder('d1', '项目文档'),
  item({ F_Id: 'f1', F_Name: 'notes.txt', F_FileSize: 1536 }),
  item({ F_Id: 'f2', F_Name: 'logo.png', F_FileExtensions: '.png', F_FileType: 'image/png', previewKind: 'image', F_FileSize: 3 * 1024 * 1024 }),
];
const d1Rows = [folder('d2', '2026 年度', 'd1'), item({ F_Id: 'f3', F_Name: '周报.txt', F_ParentId: 'd1' })];
const trashRows = [item({ F_Id: 't1', F_Name: 'old.txt', F_DeleteDate: '2026-11-23 10:00:00' })];

/** A small fake of the API: the list answers by parentId / keyword / trash, everything else is recorded. */
function fakeServer() {
  return stubApi([
    [/^GET \/file-manager\/tree$/, () => tree],
    [
      /^GET \/file-manager\/queryFileAndFileFolder$/,
      (url) => {
        const rows =
          url.searchParams.get('trash') === '1'
            ? trashRows
            : url.searchParams.get('keyword')
              ? [rootRows[1]]
              : url.searchParams.get('parentId') === 'd1'
                ? d1Rows
                : rootRows;
        return { Rows: rows, Total: rows.length };
      },
    ],
    [/^GET \/file-manager\/EditFile\/f1$/, () => ({ F_Id: 'f1', F_Name: 'notes.txt', content: 'old text' })],
    [/^(POST|PUT|DELETE) \/file-manager\//, () => null],
  ]);
}

const confirmOk = async () => fireEvent.click(await screen.findByTestId('fm-confirm-ok'));

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('file manager page', () => {
  it('shows the folder tree, folders before files with readable sizes, and opens a folder with breadcrumbs', async () => {
    signInForTest(ALL);
    const calls = fakeServer();
    renderWithApp(<FileManagerPage />);
    expect(await screen.findByTestId('fm-row-d1')).toBeTruthy();
    expect(await screen.findByTestId('fm-tree-d1')).toBeTruthy();
    expect(within(screen.getByTestId('fm-row-f1')).getByText('1.5 KB')).toBeTruthy();
    expect(within(screen.getByTestId('fm-row-f2')).getByText('3.0 MB')).toBeTruthy();
    // Only text files are editable.
    expect(screen.getByTestId('fm-edit-f1')).toBeTruthy();
    expect(screen.queryByTestId('fm-edit-f2')).toBeNull();

    fireEvent.click(screen.getByTestId('fm-name-d1'));
    expect(await screen.findByTestId('fm-row-f3')).toBeTruthy();
    expect(calls.some((c) => c.path === '/file-manager/queryFileAndFileFolder' && c.url.searchParams.get('parentId') === 'd1')).toBe(true);
    expect(within(screen.getByTestId('fm-breadcrumb')).getByText('项目文档')).toBeTruthy();

    // Back to the root through the breadcrumb.
    fireEvent.click(screen.getByTestId('fm-crumb-root'));
    expect(await screen.findByTestId('fm-row-f1')).toBeTruthy();
  });

  it('hides the buttons the user does not hold', async () => {
    signInForTest([P.filesList]);
    fakeServer();
    renderWithApp(<FileManagerPage />);
    expect(await screen.findByTestId('fm-row-f1')).toBeTruthy();
    for (const id of ['fm-upload', 'fm-new-folder', 'fm-rename-f1', 'fm-move-f1', 'fm-edit-f1', 'fm-delete-f1'])
      expect(screen.queryByTestId(id), id).toBeNull();
    expect(screen.getByTestId('fm-preview-f1')).toBeTruthy();
    expect(screen.getByTestId('fm-download-f1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fm-trash'));
    expect(await screen.findByTestId('fm-row-t1')).toBeTruthy();
    for (const id of ['fm-restore-t1', 'fm-purge-t1', 'fm-empty-trash']) expect(screen.queryByTestId(id), id).toBeNull();
  });

  it('creates a folder in the open folder, renames and moves', async () => {
    signInForTest(ALL);
    const calls = fakeServer();
    renderWithApp(<FileManagerPage />);
    fireEvent.click(await screen.findByTestId('fm-tree-d1'));
    await screen.findByTestId('fm-row-f3');

    fireEvent.click(screen.getByTestId('fm-new-folder'));
    fireEvent.change(await screen.findByTestId('fm-name-input'), { target: { value: '会议纪要' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ F_ParentId: 'd1', F_Name: '会议纪要' }));
    await waitFor(() => expect(screen.queryByTestId('fm-name-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('fm-rename-f3'));
    const input = await screen.findByTestId('fm-name-input');
    expect((input as HTMLInputElement).value).toBe('周报.txt');
    fireEvent.change(input, { target: { value: 'a/b' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('名称不能包含 \\ / : * ? " < > | 等字符')).toBeTruthy();
    fireEvent.change(input, { target: { value: '月报' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => {
      const rename = calls.find((c) => c.path === '/file-manager/updateFileName');
      expect(rename?.url.searchParams.get('id')).toBe('f3');
      expect(rename?.url.searchParams.get('name')).toBe('月报');
    });
    await waitFor(() => expect(screen.queryByTestId('fm-name-modal')).toBeNull());

    // Moving to the root sends no parentId.
    fireEvent.click(screen.getByTestId('fm-move-f3'));
    await screen.findByTestId('fm-move-modal');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => {
      const move = calls.find((c) => c.path === '/file-manager/removeFile');
      expect(move?.url.searchParams.get('id')).toBe('f3');
      expect(move?.url.searchParams.get('parentId')).toBe('d1');
    });
  });

  it('searches by keyword', async () => {
    signInForTest(ALL);
    const calls = fakeServer();
    renderWithApp(<FileManagerPage />);
    await screen.findByTestId('fm-row-f2');
    const search = screen.getByPlaceholderText('搜索我的文件');
    fireEvent.change(search, { target: { value: 'notes' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByTestId('fm-row-f2')).toBeNull());
    expect(calls.some((c) => c.url.searchParams.get('keyword') === 'notes')).toBe(true);
    expect(within(screen.getByTestId('fm-breadcrumb')).getByText('搜索“notes”的结果')).toBeTruthy();
  });

  it('moves to the trash after confirming; restores, deletes forever and empties the trash', async () => {
    signInForTest(ALL);
    const calls = fakeServer();
    renderWithApp(<FileManagerPage />);
    fireEvent.click(await screen.findByTestId('fm-delete-f1'));
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/file-manager/logicDelete/f1')).toBe(true));
    expect(await screen.findByText('已移入回收站')).toBeTruthy();

    fireEvent.click(screen.getByTestId('fm-trash'));
    expect(await screen.findByTestId('fm-row-t1')).toBeTruthy();
    expect(within(screen.getByTestId('fm-row-t1')).getByText('2026-11-23 10:00:00')).toBeTruthy();

    fireEvent.click(screen.getByTestId('fm-restore-t1'));
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/file-manager/restoreFile/t1')).toBe(true));

    fireEvent.click(screen.getByTestId('fm-purge-t1'));
    expect(await screen.findByText('确定彻底删除“old.txt”吗？此操作无法恢复。')).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/file-manager/Delete/t1')).toBe(true));

    await waitFor(() => expect((screen.getByTestId('fm-empty-trash') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('fm-empty-trash'));
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/file-manager/emptyTrash')).toBe(true));
  });

  it('edits a text file and saves it', async () => {
    signInForTest(ALL);
    const calls = fakeServer();
    renderWithApp(<FileManagerPage />);
    fireEvent.click(await screen.findByTestId('fm-edit-f1'));
    const text = (await screen.findByTestId('fm-edit-text')) as HTMLTextAreaElement;
    expect(text.value).toBe('old text');
    fireEvent.change(text, { target: { value: 'new text' } });
    fireEvent.click(screen.getByTestId('fm-edit-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.path === '/file-manager/EditFile/f1')?.body).toEqual({ content: 'new text' }));
    await waitFor(() => expect(screen.queryByTestId('fm-edit-text')).toBeNull());
  });

  it('uploads into the open folder with purpose file-manager and shows progress', async () => {
    signInForTest(ALL);
    fakeServer();
    const sent = stubXhr();
    renderWithApp(<FileManagerPage />);
    fireEvent.click(await screen.findByTestId('fm-tree-d1'));
    await screen.findByTestId('fm-row-f3');
    const file = new File(['hello'], '新文件.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('fm-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    const url = new URL(sent[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/upload/d1');
    expect(url.searchParams.get('purpose')).toBe('file-manager');
    act(() => sent[0].progress(40, 100));
    expect(await screen.findByText('正在上传 40%')).toBeTruthy();
    act(() => sent[0].respond({ code: 0, success: true, msg: '', data: { FileUrl: '', FileIds: ['n1'], FolderId: 'd1', Files: [] } }));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('fm-upload-progress')).toBeNull());
  });

  it('opens the preview dialog for a file', async () => {
    signInForTest(ALL);
    fakeServer();
    renderWithApp(<FileManagerPage />);
    fireEvent.click(await screen.findByTestId('fm-preview-f2'));
    const img = (await screen.findByAltText('logo.png')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/files/f2?sig=abcdefghijklmnop');
  });
});
