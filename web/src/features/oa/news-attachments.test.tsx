import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type AnnexFile, type NewsDetail, oaPermissions } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { annex, stubXhr } from '../../components/files/test-util';
import NewsPage from './NewsPage';
import NewsDetailPage from './NewsDetailPage';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '' });
const detail = (over: Partial<NewsDetail> = {}): NewsDetail => ({
  F_NewsId: 'n1',
  F_TypeId: 1,
  F_CategoryId: '',
  F_FullHead: '带附件',
  F_AuthorName: '',
  F_CompileName: '',
  F_SourceName: '',
  F_SourceAddress: '',
  F_ReleaseTime: null,
  F_NewsContent: '<p>正文</p>',
  F_EnabledMark: 0,
  F_FolderId: null,
  F_Attachments: [],
  F_CreateDate: '2026-11-23 08:00:00',
  ...over,
});
const row = {
  F_NewsId: 'n1',
  F_TypeId: 1,
  F_CategoryId: '',
  F_FullHead: '带附件',
  F_AuthorName: '',
  F_CompileName: '',
  F_SourceName: '',
  F_ReleaseTime: null,
  F_EnabledMark: 0,
  F_CreateUserName: null,
  F_CreateDate: '2026-11-23 08:00:00',
};

function renderNews() {
  renderWithApp(
    <MemoryRouter>
      <NewsPage />
    </MemoryRouter>,
  );
}

describe('news form attachments (upload field, purpose news)', () => {
  it('a new item: the upload makes a folder and the saved body carries its id', async () => {
    signInForTest([oaPermissions.newsAdd]);
    const listed: AnnexFile[] = [];
    const calls = stubApi([
      [/^GET \/news$/, () => ({ Rows: [], Total: 0 })],
      [/^GET \/data-items\/NewsCategory\/detail$/, () => []],
      [/^GET \/annexes-files\/url\/nf1$/, () => listed],
      [/^POST \/news$/, () => ({ F_NewsId: 'n9' })],
    ]);
    const sent = stubXhr((x) => {
      listed.push(annex({ F_FolderId: 'nf1', F_FileName: '议程.pdf' }));
      x.respond(ok({ FileUrl: 'u', FileIds: ['x1'], FolderId: 'nf1', Files: listed }));
    });
    renderNews();
    fireEvent.click(await screen.findByTestId('news-add'));
    fireEvent.change(await screen.findByTestId('news-title'), { target: { value: '有附件的新闻' } });
    expect(screen.getByTestId('news-upload-tip').textContent).toBe('只能上传不超过 2MB 的文件');
    fireEvent.change(screen.getByTestId('news-upload-input'), { target: { files: [new File(['%PDF-1.4'], '议程.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('议程.pdf', {}, { timeout: 5000 })).toBeTruthy();
    expect(sent[0].url).toBe('/api/upload?purpose=news&limit=2&unit=MB');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/news')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === '/news')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ F_FullHead: '有附件的新闻', F_FolderId: 'nf1' });
    // Legacy entries are not sent: the server keeps whatever an item already has.
    expect(body).not.toHaveProperty('F_Attachments');
  });

  it("an edit starts from the item's folder and lists its files", async () => {
    signInForTest([oaPermissions.newsEdit]);
    const calls = stubApi([
      [/^GET \/news$/, () => ({ Rows: [row], Total: 1 })],
      [/^GET \/data-items\/NewsCategory\/detail$/, () => []],
      [/^GET \/news\/n1$/, () => detail({ F_FolderId: 'nf1' })],
      [/^GET \/annexes-files\/url\/nf1$/, () => [annex({ F_FolderId: 'nf1', F_FileName: '旧附件.pdf' })]],
      [/^PUT \/news\/n1$/, () => null],
    ]);
    renderNews();
    fireEvent.click(await screen.findByTestId('news-edit-n1'));
    // The modal, the lazy editor and the table render on a shared, slow runner: allow more than the default second.
    expect(await screen.findByText('旧附件.pdf', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/news/n1')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ F_FolderId: 'nf1' });
  });
});

describe('news form: save and publish', () => {
  it('saves, then publishes the item in one click; without the publish permission the button is not there', async () => {
    signInForTest([oaPermissions.newsEdit, oaPermissions.newsPublish]);
    const calls = stubApi([
      [/^GET \/news$/, () => ({ Rows: [row], Total: 1 })],
      [/^GET \/data-items\/NewsCategory\/detail$/, () => []],
      [/^GET \/news\/n1$/, () => detail()],
      [/^PUT \/news\/n1$/, () => null],
      [/^PUT \/news\/changeStatus$/, () => null],
    ]);
    renderNews();
    fireEvent.click(await screen.findByTestId('news-edit-n1'));
    fireEvent.click(await screen.findByTestId('news-save-publish', {}, { timeout: 5000 }));
    await waitFor(() => expect(calls.some((c) => c.path === '/news/changeStatus')).toBe(true));
    const order = calls.filter((c) => c.method === 'PUT').map((c) => `${c.path}${c.url.search}`);
    expect(order).toEqual(['/news/n1', '/news/changeStatus?id=n1&status=1']);
  });
});

describe('news detail attachments', () => {
  it('lists folder files and legacy entries in the attachment table; preview opens the dialog', async () => {
    stubApi([
      [
        /^GET \/news\/n1$/,
        () =>
          detail({
            F_FolderId: 'nf1',
            F_Attachments: [
              { F_Id: 'x1', F_FileName: '照片.png', url: '/api/files/x1?sig=abcdefghijkl', previewKind: 'image', viewerUrl: null },
              { F_FileName: '旧文件.doc', url: '/files/old.doc' },
            ],
          }),
      ],
    ]);
    renderWithApp(
      <MemoryRouter initialEntries={['/office-automation/news/detail/n1']}>
        <Routes>
          <Route path="/office-automation/news/detail/*" element={<NewsDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const table = await screen.findByTestId('news-attachments');
    expect(within(table).getByText('照片.png')).toBeTruthy();
    expect(within(table).getByText('旧文件.doc')).toBeTruthy();
    fireEvent.click(within(table).getByTestId('attachment-preview-x1'));
    expect(
      within(await screen.findByRole('dialog'))
        .getByRole('img', { name: '照片.png' })
        .getAttribute('src'),
    ).toBe('/api/files/x1?sig=abcdefghijkl');
    expect(within(table).queryByText('删除')).toBeNull();
  });

  it('no attachments, no table', async () => {
    stubApi([[/^GET \/news\/n1$/, () => detail()]]);
    renderWithApp(
      <MemoryRouter initialEntries={['/office-automation/news/detail/n1']}>
        <Routes>
          <Route path="/office-automation/news/detail/*" element={<NewsDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('news-detail-title')).toBeTruthy();
    expect(screen.queryByTestId('news-detail-attachments')).toBeNull();
  });
});
