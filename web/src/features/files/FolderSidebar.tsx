import { useMemo, type ReactNode } from 'react';
import { Tree, theme } from 'antd';
import { DeleteOutlined, FolderFilled, FolderOpenFilled, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROOT, toTree, type TreeData } from './file-tree';
import type { FileBrowser } from './useFileBrowser';

/** The folder tree on the left (above the list on a phone), with the trash below it. */
export function FolderSidebar({ browser, narrow = false }: { browser: FileBrowser; narrow?: boolean }) {
  const { t } = useTranslation('fileManager');
  const { token } = theme.useToken();
  const { view, trashView, tree, expanded, setExpanded, openFolder, openTrash } = browser;
  const treeData = useMemo(
    () => [{ key: ROOT, value: ROOT, title: t('allFiles'), icon: <HomeOutlined />, isLeaf: false, children: toTree(tree, null) }],
    [tree, t],
  );
  return (
    <aside
      style={{
        width: narrow ? 'auto' : 248,
        flex: 'none',
        [narrow ? 'borderBottom' : 'borderRight']: `1px solid ${token.colorBorderSecondary}`,
        padding: '12px 8px',
        background: token.colorFillQuaternary,
      }}
    >
      <div style={{ padding: '0 8px 8px', fontWeight: 600, color: token.colorTextSecondary }}>{t('folders')}</div>
      <Tree<TreeData>
        data-testid="fm-tree"
        blockNode
        showIcon
        icon={(p) => (p.expanded ? <FolderOpenFilled style={{ color: '#f5b82e' }} /> : <FolderFilled style={{ color: '#f5b82e' }} />)}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        selectedKeys={view.mode === 'folder' ? [view.folderId ?? ROOT] : []}
        onSelect={(keys, e) => openFolder(String(e.node.key) === ROOT ? null : String(e.node.key))}
        titleRender={(n) => <span data-testid={`fm-tree-${String(n.key)}`}>{n.title as ReactNode}</span>}
        style={{ background: 'transparent' }}
      />
      <div
        role="button"
        tabIndex={0}
        data-testid="fm-tree-trash"
        onClick={openTrash}
        onKeyDown={(e) => e.key === 'Enter' && openTrash()}
        style={{
          marginTop: 12,
          padding: '6px 12px',
          borderRadius: token.borderRadius,
          cursor: 'pointer',
          borderTop: `1px solid ${token.colorBorderSecondary}`,
          background: trashView ? token.controlItemBgActive : undefined,
          color: trashView ? token.colorPrimary : token.colorText,
        }}
      >
        <DeleteOutlined /> <span style={{ marginLeft: 6 }}>{t('trash')}</span>
      </div>
    </aside>
  );
}
