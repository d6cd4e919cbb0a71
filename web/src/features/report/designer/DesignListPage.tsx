import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Empty, Input, Spin, Tabs, Tooltip, Tree, Typography, theme } from 'antd';
import { FileTextOutlined, FolderOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportTreeNode } from '@app/contracts';
import { useScreenLevel } from '../../../app/shell/screen';
import { useReportTree } from '../shared';
import { NarrowView } from './NarrowView';
import { ReportDesigner } from './ReportDesigner';
import './designer.css';

interface OpenTab {
  id: string;
  name: string;
  dirty: boolean;
}

type TreeItem = { key: string; title: string; isLeaf: boolean; selectable: boolean; icon: React.ReactNode; children?: TreeItem[] };

function toTree(nodes: ReportTreeNode[], keyword: string): TreeItem[] {
  const k = keyword.trim().toLowerCase();
  return nodes.flatMap((n): TreeItem[] => {
    if (n.kind === 'report')
      return !k || n.title.toLowerCase().includes(k) ? [{ key: n.id, title: n.title, isLeaf: true, selectable: true, icon: <FileTextOutlined /> }] : [];
    const children = toTree(n.children ?? [], keyword);
    if (k && !children.length && !n.title.toLowerCase().includes(k)) return [];
    return [{ key: `folder:${n.id}`, title: n.title, isLeaf: false, selectable: false, icon: <FolderOutlined />, children }];
  });
}

/**
 * 报表设计: the reports by folder on the left; a report chosen opens its designer in a tab on the right, a tab per
 * report titled by its name. The tabs stay open side by side (their unsaved changes too) while this page is shown.
 */
export default function DesignListPage() {
  const { t } = useTranslation('reportDesigner');
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const vars = { '--rd-border': token.colorBorderSecondary, '--rd-panel': token.colorBgContainer } as React.CSSProperties;
  const narrow = useScreenLevel() === 0;
  const tree = useReportTree();
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [tabs, setTabs] = useState<OpenTab[]>(() => {
    const id = params.get('report');
    return id ? [{ id, name: id, dirty: false }] : [];
  });
  const [activeKey, setActiveKey] = useState<string | undefined>(tabs[0]?.id);
  const [treeOpen, setTreeOpen] = useState(tabs.length === 0);
  const items = useMemo(() => toTree(tree.data ?? [], keyword), [tree.data, keyword]);

  const open = (id: string, name: string) => {
    setTabs((list) => (list.some((x) => x.id === id) ? list : [...list, { id, name, dirty: false }]));
    setActiveKey(id);
    setParams({ report: id }, { replace: true });
    // The designer wants the width: the list folds away (its button brings it back).
    setTreeOpen(false);
  };
  const close = (id: string) => {
    const go = () => {
      setTabs((list) => {
        const next = list.filter((x) => x.id !== id);
        if (activeKey === id) setActiveKey(next[next.length - 1]?.id);
        return next;
      });
    };
    const tab = tabs.find((x) => x.id === id);
    if (!tab?.dirty) return go();
    modal.confirm({
      title: t('list.closeDirtyTitle'),
      content: t('list.closeDirty', { name: tab.name }),
      okText: t('list.closeAnyway'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'rd-close-anyway' } as { danger: boolean },
      onOk: go,
    });
  };
  const patchTab = useCallback(
    (id: string, patch: Partial<OpenTab>) =>
      setTabs((list) => {
        const i = list.findIndex((x) => x.id === id);
        if (i < 0 || Object.entries(patch).every(([k, v]) => list[i]![k as keyof OpenTab] === v)) return list;
        return list.map((x, j) => (j === i ? { ...x, ...patch } : x));
      }),
    [],
  );

  const treePanel = (
    <div className="rd-list-tree" data-testid="rd-report-tree">
      <Input.Search allowClear size="small" placeholder={t('list.search')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      {tree.isLoading ? (
        <Spin style={{ display: 'block', marginTop: 24 }} />
      ) : items.length ? (
        <Tree
          showIcon
          blockNode
          defaultExpandAll
          key={keyword}
          treeData={items}
          selectedKeys={activeKey ? [activeKey] : []}
          onSelect={(_keys, e) => {
            const node = e.node as unknown as TreeItem;
            if (node.isLeaf) open(String(node.key), node.title);
          }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noReports')} />
      )}
    </div>
  );

  if (narrow) {
    return (
      <div className="rd-list rd-list-narrow" style={vars} data-testid="rd-list">
        {treePanel}
        {activeKey && <NarrowView key={activeKey} reportId={activeKey} />}
      </div>
    );
  }

  return (
    <div className="rd-list" style={vars} data-testid="rd-list">
      {treeOpen && treePanel}
      <div className="rd-list-main">
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={activeKey}
          onChange={setActiveKey}
          onEdit={(key, action) => action === 'remove' && close(String(key))}
          tabBarExtraContent={{
            left: (
              <Tooltip title={t(treeOpen ? 'list.hideTree' : 'list.showTree')}>
                <Button
                  type="text"
                  size="small"
                  icon={treeOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                  onClick={() => setTreeOpen(!treeOpen)}
                  aria-label={t(treeOpen ? 'list.hideTree' : 'list.showTree')}
                  data-testid="rd-tree-toggle"
                />
              </Tooltip>
            ),
          }}
          items={tabs.map((tab) => ({
            key: tab.id,
            label: (
              <span data-testid={`rd-tab-${tab.id}`}>
                {tab.name}
                {tab.dirty ? <span className="rd-tab-dirty"> •</span> : null}
              </span>
            ),
            children: (
              <ReportDesigner
                reportId={tab.id}
                active={tab.id === activeKey}
                onName={(name) => patchTab(tab.id, { name })}
                onDirty={(dirty) => patchTab(tab.id, { dirty })}
              />
            ),
          }))}
        />
        {!tabs.length && (
          <div className="rd-list-empty">
            <Empty description={<Typography.Text type="secondary">{t('list.choose')}</Typography.Text>} />
          </div>
        )}
      </div>
    </div>
  );
}
