import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { NewsDetail } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import NewsDetailPage from './NewsDetailPage';

afterEach(() => vi.unstubAllGlobals());

const news = (over: Partial<NewsDetail>): NewsDetail => ({
  F_NewsId: 'n1',
  F_TypeId: 1,
  F_CategoryId: 'company',
  F_FullHead: '标题',
  F_AuthorName: '作者甲',
  F_CompileName: '编辑乙',
  F_SourceName: '来源丙',
  F_SourceAddress: 'https://example.com/a',
  F_ReleaseTime: '2026-11-23 08:00:00',
  F_NewsContent: '<p>正文<b>加粗</b></p>',
  F_EnabledMark: 1,
  F_FolderId: null,
  F_Attachments: [],
  F_CreateDate: '2026-11-23 08:00:00',
  ...over,
});

function show(detail: NewsDetail) {
  stubApi([
    [/^GET \/news\/n1$/, () => detail],
    [
      /^GET \/data-items\/NewsCategory\/detail$/,
      () => [
        {
          F_ItemDetailId: 'c',
          F_ItemId: 'i',
          F_ParentId: '0',
          F_ItemName: '公司新闻',
          F_ItemValue: 'company',
          F_ItemCode: 'company',
          F_SortCode: 0,
          F_EnabledMark: 1,
          F_Description: '',
        },
      ],
    ],
  ]);
  renderWithApp(
    <MemoryRouter initialEntries={['/office-automation/news/detail/n1']}>
      <Routes>
        <Route path="/office-automation/news/detail/*" element={<NewsDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('news detail (spec 2.7)', () => {
  it('a news item shows release time, author, editor and category, and the rich body', async () => {
    show(news({}));
    expect(await screen.findByText('作者甲')).toBeTruthy();
    expect(screen.getByText('编辑乙')).toBeTruthy();
    expect(await screen.findByText('公司新闻')).toBeTruthy();
    expect(screen.getByText('2026-11-23 08:00:00')).toBeTruthy();
    expect(screen.queryByText('来源丙')).toBeNull();
    expect(screen.getByTestId('news-detail-content').querySelector('b')?.textContent).toBe('加粗');
  });

  it('a reprint (type 2) shows category, source name and address instead', async () => {
    show(news({ F_TypeId: 2 }));
    expect(await screen.findByText('来源丙')).toBeTruthy();
    expect(screen.getByText('https://example.com/a').getAttribute('href')).toBe('https://example.com/a');
    expect(await screen.findByText('公司新闻')).toBeTruthy();
    expect(screen.queryByText('作者甲')).toBeNull();
  });
});
