import { useState } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Select, Space, Spin, Tag, Tooltip, Tree, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportFolderBody, type ReportFolder, type ReportFolderBody, type ReportInfoRow } from '@app/contracts';
import { reportApi } from '../api';
import { usePermission } from '../../../lib/permission';
import { useZodRules } from '../../../lib/zod-rules';
import { ListPage, type ListQuery } from '../../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../../components/crud';
import { RowActions } from '../../../components/RowActions';
import { ResizablePanel } from '../../../components/pickers';
import { reportPermissions as P } from '../permissions';
import { designerPath, framePath } from '../paths';
import { FOLDER_TREE_KEY, MANAGE_LIST_KEY, REPORT_TREE_KEY, ROOT_FOLDER, findFolder, folderOptions, useFolderTree } from '../shared';
import { ReportInfoModal, type ReportInfoTarget } from './ReportInfoModal';
import { ShareDialog } from './ShareDialog';
import { EnabledTag } from '../../system/admin-list';

interface TreeNode {
  key: string;
  title: React.ReactNode;
  children: TreeNode[];
}

const toNodes = (nodes: ReportFolder[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.F_Id, title: <span data-testid={`report-folder-${n.F_Id}`}>{n.F_Name}</span>, children: toNodes(n.children ?? []) }));

/** 报表管理: the folder tree on the left, the selected folder's reports on the right (design, preview, edit, copy, share, delete). */
export default function ManagePage() {
  const { t } = useTranslation('report');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const confirmDelete = useDeleteConfirm();
  const can = {
    folder: usePermission(P.manageFolder),
    add: usePermission(P.manageAdd),
    edit: usePermission(P.manageEdit),
    del: usePermission(P.manageDelete),
    share: usePermission(P.manageShare),
    design: usePermission(P.designList),
    preview: usePermission(P.designPreview),
  };
  const folders = useFolderTree();
  const [folderId, setFolderId] = useState(ROOT_FOLDER);
  const [folderEdit, setFolderEdit] = useState<{ id: string | null; values: Partial<ReportFolderBody> } | null>(null);
  const [info, setInfo] = useState<ReportInfoTarget | null>(null);
  const [sharing, setSharing] = useState<ReportInfoRow | null>(null);
  const current = folderId === ROOT_FOLDER ? undefined : findFolder(folders.data ?? [], folderId);

  const refreshFolders = () => Promise.all([qc.invalidateQueries({ queryKey: [FOLDER_TREE_KEY] }), qc.invalidateQueries({ queryKey: [REPORT_TREE_KEY] })]);
  const refreshList = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['list'], predicate: (q) => String(q.queryKey[1]).startsWith(MANAGE_LIST_KEY) }),
      qc.invalidateQueries({ queryKey: [REPORT_TREE_KEY] }),
    ]);

  const side = (
    <Card
      size="small"
      title={t('manage.folders')}
      extra={
        can.folder && (
          <Space size={0}>
            <Tooltip title={t('manage.folderAdd')}>
              <Button
                type="text"
                size="small"
                icon={<FolderAddOutlined />}
                aria-label={t('manage.folderAdd')}
                data-testid="report-folder-add"
                onClick={() => setFolderEdit({ id: null, values: { F_ParentId: folderId, F_SortCode: 0 } })}
              />
            </Tooltip>
            {current && (
              <>
                <Tooltip title={t('manage.folderRename')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('manage.folderRename')}
                    data-testid="report-folder-edit"
                    onClick={() =>
                      setFolderEdit({ id: current.F_Id, values: { F_Name: current.F_Name, F_ParentId: current.F_ParentId, F_SortCode: current.F_SortCode } })
                    }
                  />
                </Tooltip>
                <Tooltip title={t('manage.folderDelete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('manage.folderDelete')}
                    data-testid="report-folder-delete"
                    onClick={() =>
                      confirmDelete(
                        current.F_Name,
                        () => reportApi.removeFolder(current.F_Id),
                        async () => {
                          setFolderId(ROOT_FOLDER);
                          await refreshFolders();
                        },
                      )
                    }
                  />
                </Tooltip>
              </>
            )}
          </Space>
        )
      }
      styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 230px)', overflow: 'auto' } }}
    >
      <div data-testid="report-folder-tree">
        {folders.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[folderId]}
            treeData={[
              { key: ROOT_FOLDER, title: <span data-testid="report-folder-root">{t('manage.allReports')}</span>, children: toNodes(folders.data ?? []) },
            ]}
            onSelect={(k) => k.length && setFolderId(String(k[0]))}
          />
        )}
        {!folders.isLoading && !folders.data?.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manage.noFolders')} />}
      </div>
    </Card>
  );

  const fetch = (q: ListQuery) => reportApi.list({ ...q, F_FolderId: folderId === ROOT_FOLDER ? undefined : folderId });

  return (
    <ResizablePanel side={side} defaultWidth={260} testId="report-manage-page">
      <ListPage<ReportInfoRow>
        // Each folder is a list of its own (its own paging).
        key={folderId}
        testId="report-list"
        queryKey={`${MANAGE_LIST_KEY}:${folderId}`}
        rowKey="F_Id"
        rowTestId={(r) => `report-row-${r.F_Id}`}
        keywordPlaceholder={t('manage.keyword')}
        fetch={fetch}
        filters={
          <Form.Item name="F_EnabledMark">
            <Select
              allowClear
              placeholder={t('manage.state')}
              style={{ width: 120 }}
              data-testid="report-state-filter"
              options={[
                { value: 1, label: t('manage.enabled') },
                { value: 0, label: t('manage.disabled') },
              ]}
            />
          </Form.Item>
        }
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('manage.add')}
              </>
            ),
            primary: true,
            permission: P.manageAdd,
            testId: 'report-add',
            onClick: () => setInfo({ mode: 'add', folderId }),
          },
        ]}
        columns={[
          {
            title: t('manage.name'),
            dataIndex: 'F_Name',
            render: (v: string, r) => (
              <>
                <Typography.Text strong>{v}</Typography.Text>
                {r.F_Description && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: r.F_Description }} style={{ display: 'block', maxWidth: 240, fontSize: 12 }}>
                    {r.F_Description}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('manage.code'), dataIndex: 'F_Code' },
          { title: t('manage.folder'), dataIndex: 'F_FolderName', render: (v: string) => v || t('manage.topLevel') },
          {
            title: t('manage.version'),
            dataIndex: 'F_Version',
            render: (v: number, r) =>
              r.F_ContentId && v > 0 ? (
                <span data-testid={`report-version-${r.F_Id}`}>v{v}</span>
              ) : (
                <Typography.Text type="secondary">{t('manage.notDesigned')}</Typography.Text>
              ),
          },
          {
            title: t('manage.released'),
            dataIndex: 'F_ReleaseCount',
            render: (v: number) =>
              v > 0 ? (
                <Tag color="blue">{t('manage.releasedCount', { count: v })}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('manage.notReleased')}</Typography.Text>
              ),
          },
          {
            title: t('manage.state'),
            dataIndex: 'F_EnabledMark',
            render: (v: number) => <EnabledTag value={v} />,
          },
          { title: t('manage.modified'), dataIndex: 'F_ModifyDate', render: (v: string | null, r) => v ?? r.F_CreateDate },
          { title: t('manage.creator'), dataIndex: 'F_CreateUserName' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                wrap
                actions={[
                  {
                    key: 'design',
                    label: t('manage.design'),
                    hidden: !can.design,
                    testId: `report-design-${r.F_Id}`,
                    onClick: () => navigate(designerPath(r.F_Id)),
                  },
                  {
                    key: 'preview',
                    label: t('manage.preview'),
                    hidden: !can.preview,
                    disabled: !r.F_ContentId,
                    title: r.F_ContentId ? undefined : t('manage.notDesigned'),
                    testId: `report-preview-${r.F_Id}`,
                    onClick: () => navigate(framePath(r.F_Id)),
                  },
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `report-edit-${r.F_Id}`,
                    onClick: () => setInfo({ mode: 'edit', row: r }),
                  },
                  { key: 'copy', label: t('manage.copy'), hidden: !can.add, testId: `report-copy-${r.F_Id}`, onClick: () => setInfo({ mode: 'copy', row: r }) },
                  { key: 'share', label: t('manage.share'), hidden: !can.share, testId: `report-share-${r.F_Id}`, onClick: () => setSharing(r) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `report-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(r.F_Name, () => reportApi.remove(r.F_Id), refreshList),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FolderModal
        edit={folderEdit}
        folders={folders.data ?? []}
        onClose={() => setFolderEdit(null)}
        onSaved={async (id) => {
          await refreshFolders();
          if (id) setFolderId(id);
        }}
      />
      <ReportInfoModal target={info} folders={folders.data ?? []} onClose={() => setInfo(null)} onSaved={refreshList} />
      <ShareDialog report={sharing} onClose={() => setSharing(null)} />
    </ResizablePanel>
  );
}

/** 新增 / 重命名 目录: name, parent folder (not itself nor one below it), sort order. */
function FolderModal({
  edit,
  folders,
  onClose,
  onSaved,
}: {
  edit: { id: string | null; values: Partial<ReportFolderBody> } | null;
  folders: ReportFolder[];
  onClose: () => void;
  onSaved: (id?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('report');
  const rules = useZodRules(reportFolderBody);
  return (
    <FormModal<ReportFolderBody>
      open={!!edit}
      title={edit?.id ? t('manage.folderRename') : t('manage.folderAdd')}
      editing={!!edit?.id}
      initialValues={edit?.values}
      onClose={onClose}
      testId="report-folder-form"
      onSubmit={async (v) => {
        const body = { F_Name: v.F_Name, F_ParentId: v.F_ParentId || ROOT_FOLDER, F_SortCode: v.F_SortCode ?? 0 };
        if (edit?.id) {
          await reportApi.updateFolder(edit.id, body);
          await onSaved();
        } else {
          const saved = await reportApi.addFolder(body);
          await onSaved(saved?.F_Id);
        }
      }}
    >
      <Form.Item name="F_Name" label={t('manage.folderName')} rules={rules('F_Name', t('manage.folderName'))}>
        <Input maxLength={100} data-testid="report-folder-name" />
      </Form.Item>
      <Form.Item name="F_ParentId" label={t('manage.parentFolder')}>
        <TreeSelect treeDefaultExpandAll treeData={folderOptions(folders, t('manage.topLevel'), edit?.id ?? undefined)} data-testid="report-folder-parent" />
      </Form.Item>
      <Form.Item name="F_SortCode" label={t('common:sortCode')}>
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
