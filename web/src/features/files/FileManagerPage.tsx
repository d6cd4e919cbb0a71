import { useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Breadcrumb, Button, Card, Empty, Input, Progress, Space, Table, Tag, Tooltip, Tree, theme, type TableProps } from 'antd';
import {
  ArrowLeftOutlined,
  ClearOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FolderAddOutlined,
  FolderFilled,
  FolderOpenFilled,
  HomeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FileManagerItem } from '@app/contracts';
import { fileManagerApi, type FileListQuery } from './api';
import { usePermission } from '../../lib/permission';
import { formatSize } from '../../components/files/AttachmentList';
import { FilePreviewModal, type PreviewableFile } from '../../components/files/FilePreviewModal';
import { downloadFile, uploadFiles } from '../../components/files/upload-request';
import { fileManagerPermissions as P } from './permissions';
import { RowActions, type RowAction } from '../../components/RowActions';
import { FileIcon, KEY, ROOT, indexTree, isEditable, toTree, type TreeData, type View } from './file-tree';
import { EditTextModal, MoveModal, NameModal } from './FileDialogs';

export default function FileManagerPage() {
  const { t } = useTranslation('fileManager');
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const qc = useQueryClient();
  const can = { add: usePermission(P.add), edit: usePermission(P.edit), del: usePermission(P.delete) };

  const [view, setView] = useState<View>({ mode: 'folder', folderId: null });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [searchText, setSearchText] = useState('');
  const [expanded, setExpanded] = useState<string[]>([ROOT]);
  const [naming, setNaming] = useState<{ kind: 'add' } | { kind: 'rename'; item: FileManagerItem } | null>(null);
  const [moving, setMoving] = useState<FileManagerItem | null>(null);
  const [editing, setEditing] = useState<FileManagerItem | null>(null);
  const [preview, setPreview] = useState<PreviewableFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const treeQuery = useQuery({ queryKey: [...KEY, 'tree'], queryFn: () => fileManagerApi.tree() });
  const tree = useMemo(() => treeQuery.data ?? [], [treeQuery.data]);
  const index = useMemo(() => indexTree(tree), [tree]);

  const listQuery: FileListQuery = {
    limit: paging.page,
    size: paging.size,
    parentId: view.mode === 'folder' ? (view.folderId ?? undefined) : undefined,
    keyword: view.mode === 'search' ? view.keyword : undefined,
    trash: view.mode === 'trash' ? 1 : undefined,
  };
  const list = useQuery({
    queryKey: [...KEY, 'list', listQuery],
    queryFn: () => fileManagerApi.list(listQuery),
    placeholderData: keepPreviousData,
  });

  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const go = (next: View) => {
    setView(next);
    setPaging((p) => ({ ...p, page: 1 }));
    if (next.mode !== 'search') setSearchText('');
    if (next.folderId) {
      const ancestors = index.pathTo(next.folderId).map((n) => n.F_Id);
      setExpanded((keys) => [...new Set([...keys, ROOT, ...ancestors.slice(0, -1)])]);
    }
  };
  const openFolder = (id: string | null) => go({ mode: 'folder', folderId: id });
  const confirm = (title: string, content: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger, 'data-testid': 'fm-confirm-ok' } as { danger: boolean },
      onOk: async () => {
        await run();
        void message.success(done);
        await refresh();
      },
    });

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setProgress(0);
    try {
      await uploadFiles(files, { folderId: view.folderId, purpose: 'file-manager', onProgress: setProgress });
      void message.success(t('uploaded'));
      await refresh();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const trashView = view.mode === 'trash';
  const link = (key: string, label: string, onClick: () => void, danger = false, shown = true): RowAction => ({
    key,
    label,
    onClick,
    danger,
    hidden: !shown,
    testId: key,
    style: { paddingInline: 4 },
  });
  const actions = (r: FileManagerItem): RowAction[] => {
    if (trashView) {
      return [
        link(
          `fm-restore-${r.F_Id}`,
          t('restore'),
          () => confirm(t('restore'), t('restoreConfirm', { name: r.F_Name }), () => fileManagerApi.restore(r.F_Id), t('restored')),
          false,
          can.del,
        ),
        link(
          `fm-purge-${r.F_Id}`,
          t('deleteForever'),
          () => confirm(t('deleteForever'), t('deleteForeverConfirm', { name: r.F_Name }), () => fileManagerApi.removeForever(r.F_Id), t('deleted'), true),
          true,
          can.del,
        ),
      ];
    }
    return [
      link(`fm-open-${r.F_Id}`, t('open'), () => openFolder(r.F_Id), false, r.F_IsFolder),
      link(
        `fm-preview-${r.F_Id}`,
        t('preview'),
        () => setPreview({ F_FileName: r.F_Name, url: r.url!, previewKind: r.previewKind ?? 'none', viewerUrl: r.viewerUrl }),
        false,
        !r.F_IsFolder,
      ),
      link(
        `fm-download-${r.F_Id}`,
        t('download'),
        () => void downloadFile(r.url!, r.F_Name).catch((err: Error) => void message.error(err.message)),
        false,
        !r.F_IsFolder,
      ),
      link(`fm-edit-${r.F_Id}`, t('edit'), () => setEditing(r), false, can.edit && isEditable(r)),
      link(`fm-rename-${r.F_Id}`, t('rename'), () => setNaming({ kind: 'rename', item: r }), false, can.edit),
      link(`fm-move-${r.F_Id}`, t('move'), () => setMoving(r), false, can.edit),
      link(
        `fm-delete-${r.F_Id}`,
        t('delete'),
        () => confirm(t('delete'), t('trashConfirm', { name: r.F_Name }), () => fileManagerApi.trash(r.F_Id), t('trashed')),
        true,
        can.del,
      ),
    ];
  };

  const columns: TableProps<FileManagerItem>['columns'] = [
    {
      title: t('colName'),
      dataIndex: 'F_Name',
      ellipsis: true,
      render: (name: string, r) => (
        <Space size={10}>
          <FileIcon item={r} />
          {r.F_IsFolder && !trashView ? (
            <a data-testid={`fm-name-${r.F_Id}`} onClick={() => openFolder(r.F_Id)} style={{ color: token.colorText }}>
              {name}
            </a>
          ) : (
            <span data-testid={`fm-name-${r.F_Id}`}>{name}</span>
          )}
          {trashView && r.F_IsFolder && <Tag>{t('folder')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('colSize'),
      dataIndex: 'F_FileSize',
      width: 110,
      render: (v: number | null, r) => (r.F_IsFolder || v === null ? <span style={{ color: token.colorTextQuaternary }}>—</span> : formatSize(v)),
    },
    trashView ? { title: t('colDeleted'), dataIndex: 'F_DeleteDate', width: 180 } : { title: t('colModified'), dataIndex: 'F_ModifyDate', width: 180 },
    {
      title: t('colActions'),
      key: 'actions',
      width: trashView ? 170 : 330,
      render: (_, r) => <RowActions actions={actions(r)} />,
    },
  ];

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

  const treeData = useMemo(
    () => [{ key: ROOT, value: ROOT, title: t('allFiles'), icon: <HomeOutlined />, isLeaf: false, children: toTree(tree, null) }],
    [tree, t],
  );
  const emptyText = view.mode === 'trash' ? t('emptyTrashView') : view.mode === 'search' ? t('emptySearch') : t('emptyFolder');

  return (
    <Card size="small" data-testid="file-manager-page" styles={{ body: { padding: 0 } }}>
      <div style={{ display: 'flex', minHeight: 'calc(100vh - 190px)' }}>
        <aside
          style={{
            width: 248,
            flex: 'none',
            borderRight: `1px solid ${token.colorBorderSecondary}`,
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
            onClick={() => go({ mode: 'trash', folderId: null })}
            onKeyDown={(e) => e.key === 'Enter' && go({ mode: 'trash', folderId: null })}
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
        <main style={{ flex: 1, minWidth: 0, padding: 16 }}>
          <Breadcrumb
            data-testid="fm-breadcrumb"
            style={{ marginBottom: 12, fontSize: 15 }}
            items={crumbs.map((c, i) => ({
              key: c.key,
              title: c.onClick && i < crumbs.length - 1 ? <a onClick={c.onClick}>{c.title}</a> : c.title,
            }))}
          />
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
            {trashView ? (
              <>
                <Button icon={<ArrowLeftOutlined />} onClick={() => openFolder(null)} data-testid="fm-back">
                  {t('backToFiles')}
                </Button>
                {can.del && (
                  <Button
                    danger
                    icon={<ClearOutlined />}
                    disabled={!list.data?.Total}
                    data-testid="fm-empty-trash"
                    onClick={() => confirm(t('emptyTrash'), t('emptyTrashConfirm'), () => fileManagerApi.emptyTrash(), t('trashEmptied'), true)}
                  >
                    {t('emptyTrash')}
                  </Button>
                )}
              </>
            ) : (
              <>
                {can.add && (
                  <Button
                    type="primary"
                    icon={<CloudUploadOutlined />}
                    loading={progress !== null}
                    onClick={() => fileInput.current?.click()}
                    data-testid="fm-upload"
                  >
                    {t('upload')}
                  </Button>
                )}
                {can.add && (
                  <Button icon={<FolderAddOutlined />} onClick={() => setNaming({ kind: 'add' })} data-testid="fm-new-folder">
                    {t('newFolder')}
                  </Button>
                )}
                <Button icon={<DeleteOutlined />} onClick={() => go({ mode: 'trash', folderId: null })} data-testid="fm-trash">
                  {t('trash')}
                </Button>
              </>
            )}
            <Tooltip title={t('common:refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="fm-refresh" aria-label={t('common:refresh')} />
            </Tooltip>
            <div style={{ flex: 1 }} />
            {!trashView && (
              <Input.Search
                allowClear
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                onSearch={(v) => {
                  const keyword = v.trim();
                  if (keyword) go({ mode: 'search', keyword, folderId: view.folderId });
                  else openFolder(view.folderId);
                }}
                placeholder={t('searchPlaceholder')}
                style={{ width: 260 }}
                data-testid="fm-search"
              />
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            multiple
            style={{ display: 'none' }}
            data-testid="fm-file-input"
            onChange={(e) => void upload(Array.from(e.target.files ?? []))}
          />
          {progress !== null && (
            <div data-testid="fm-upload-progress" style={{ marginBottom: 12 }}>
              <span style={{ color: token.colorTextSecondary }}>{t('uploading', { percent: progress })}</span>
              <Progress percent={progress} size="small" status="active" />
            </div>
          )}
          <Table<FileManagerItem>
            size="middle"
            rowKey="F_Id"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.Rows ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
            onRow={(r) =>
              ({
                'data-testid': `fm-row-${r.F_Id}`,
                onDoubleClick: () => r.F_IsFolder && !trashView && openFolder(r.F_Id),
              }) as React.HTMLAttributes<HTMLElement>
            }
            scroll={{ x: 'max-content' }}
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: list.data?.Total ?? 0,
              showSizeChanger: true,
              hideOnSinglePage: false,
              showTotal: (total) => t('total', { total }),
              onChange: (page, size) => setPaging((p) => ({ page: size !== p.size ? 1 : page, size })),
            }}
          />
        </main>
      </div>

      {/* Keyed by what it edits: a fresh form per opening, so the last dialog's values never leak into the next. */}
      <NameModal
        key={naming ? (naming.kind === 'add' ? 'add' : naming.item.F_Id) : 'closed'}
        state={
          naming?.kind === 'add'
            ? { title: t('newFolder'), label: t('folderName'), name: '', editing: false }
            : naming?.kind === 'rename'
              ? {
                  title: t('renameTitle', { name: naming.item.F_Name }),
                  label: t('newName'),
                  name: naming.item.F_Name,
                  editing: true,
                  extra: naming.item.F_FileExtensions ? t('renameExtensionTip', { ext: naming.item.F_FileExtensions }) : undefined,
                }
              : null
        }
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (naming?.kind === 'rename') await fileManagerApi.rename(naming.item.F_Id, name);
          else await fileManagerApi.addFolder({ F_ParentId: view.folderId, F_Name: name });
          await refresh();
        }}
      />
      <MoveModal key={moving?.F_Id ?? 'closed'} item={moving} tree={tree} onClose={() => setMoving(null)} onMoved={refresh} />
      {editing && <EditTextModal item={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
