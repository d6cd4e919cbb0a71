import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROOT } from './file-tree';
import type { FileBrowser } from './useFileBrowser';

/** All files, then the trash, the search, or the path to the open folder; every step but the last opens. */
export function FileBreadcrumb({ browser }: { browser: FileBrowser }) {
  const { t } = useTranslation('fileManager');
  const { view, index, openFolder } = browser;
  const crumbs: { key: string; title: ReactNode; onClick?: () => void }[] = [
    {
      key: ROOT,
      title: (
        <span data-testid="fm-crumb-root">
          <HomeOutlined /> {t('allFiles')}
        </span>
      ),
      onClick: () => openFolder(null),
    },
  ];
  if (view.mode === 'trash') crumbs.push({ key: 'trash', title: t('trash') });
  // A search covers every folder, so its trail does not name the folder it was started from.
  else if (view.mode === 'search') crumbs.push({ key: 'search', title: t('searchResult', { keyword: view.keyword }) });
  else
    for (const n of index.pathTo(view.folderId))
      crumbs.push({ key: n.F_Id, title: <span data-testid={`fm-crumb-${n.F_Id}`}>{n.F_Name}</span>, onClick: () => openFolder(n.F_Id) });
  return (
    <Breadcrumb
      data-testid="fm-breadcrumb"
      style={{ marginBottom: 12, fontSize: 15 }}
      items={crumbs.map((c, i) => ({
        key: c.key,
        title: c.onClick && i < crumbs.length - 1 ? <a onClick={c.onClick}>{c.title}</a> : c.title,
      }))}
    />
  );
}
