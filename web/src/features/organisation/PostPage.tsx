import { useState } from 'react';
import { App, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyNode, DepartmentNode, PostBody, PostNode, PostRow } from '@app/contracts';
import { companyApi, postApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, toTreeData, useDeleteConfirm } from '../../components/crud';
import { UserPicker, useCompanyTree } from '../../components/pickers';
import { orgPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { postBody } from '@app/contracts';
import { AddLabel, saveEdited, useCrudActions } from '../system/admin-list';

function PostFormFields({ companies }: { companies: CompanyNode[] }) {
  const { t } = useTranslation('organisation');
  const rules = useZodRules(postBody);
  const form = Form.useFormInstance<PostBody>();
  const companyId = Form.useWatch('F_CompanyId', form);
  const departmentId = Form.useWatch('F_DepartmentId', form);
  const depts = useQuery({
    queryKey: ['departments', companyId],
    queryFn: () => companyApi.departmentTree(companyId!),
    enabled: !!companyId,
  });
  const posts = useQuery({
    queryKey: ['post-tree', companyId, departmentId],
    queryFn: () => companyApi.postTree(companyId!, departmentId ?? undefined),
    enabled: !!companyId,
  });
  return (
    <>
      <Form.Item name="F_CompanyId" label={t('post.company')} rules={rules('F_CompanyId', t('post.company'))}>
        <TreeSelect
          data-testid="post-company"
          treeDefaultExpandAll
          treeData={toTreeData(
            companies,
            (n: CompanyNode) => n.F_CompanyId,
            (n) => n.F_FullName,
          )}
          onChange={() => form.setFieldsValue({ F_DepartmentId: null, F_ParentId: '0' })}
        />
      </Form.Item>
      <Form.Item name="F_DepartmentId" label={t('post.department')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          data-testid="post-department"
          treeData={toTreeData(
            depts.data ?? [],
            (n: DepartmentNode) => n.F_DepartmentId,
            (n) => n.F_FullName,
          )}
        />
      </Form.Item>
      <Form.Item name="F_ParentId" label={t('post.parent')}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={[
            {
              key: '0',
              value: '0',
              title: t('post.root'),
              children: toTreeData(
                posts.data ?? [],
                (n: PostNode) => n.F_PostId,
                (n) => n.F_Name,
              ),
            },
          ]}
        />
      </Form.Item>
      <Form.Item name="F_Name" label={t('post.name')} rules={rules('F_Name', t('post.name'))}>
        <Input data-testid="post-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="EnCode" label={t('post.code')}>
        <Input data-testid="post-code" maxLength={50} />
      </Form.Item>
      <Form.Item name="F_SortCode" label={t('common:sortCode')}>
        <InputNumber min={0} />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}

export default function PostPage() {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const companies = useCompanyTree();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<PostBody> } | null>(null);
  const [holders, setHolders] = useState<{ post: PostRow; ids: string[] } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const can = { add: usePermission(P.postAdd), edit: usePermission(P.postEdit), del: usePermission(P.postDelete), users: usePermission(P.postUsers) };
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['list', 'posts'] }),
      qc.invalidateQueries({ queryKey: ['post-tree'] }),
      qc.invalidateQueries({ queryKey: ['post-picker'] }),
    ]);
  const companyTree = toTreeData(
    companies.data ?? [],
    (n: CompanyNode) => n.F_CompanyId,
    (n) => n.F_FullName,
  );
  const save = (v: PostBody) => saveEdited(editing?.id, postApi, v, refresh);
  const openHolders = async (post: PostRow) => setHolders({ post, ids: (await postApi.users(post.F_PostId)).map((u) => u.F_UserId) });
  return (
    <>
      <ListPage<PostRow>
        testId="post-page"
        queryKey="posts"
        rowKey="F_PostId"
        keywordPlaceholder={t('post.keyword')}
        fetch={postApi.page}
        filters={
          <Form.Item name="companyId">
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('post.company')}
              style={{ width: 200 }}
              treeData={companyTree}
              data-testid="post-filter-company"
            />
          </Form.Item>
        }
        toolbar={[
          {
            key: 'add',
            testId: 'post-add',
            primary: true,
            label: <AddLabel />,
            permission: P.postAdd,
            onClick: () => setEditing({ id: null, values: { F_CompanyId: companies.data?.[0]?.F_CompanyId, F_ParentId: '0', F_SortCode: 0 } }),
          },
        ]}
        columns={[
          { title: t('post.name'), dataIndex: 'F_Name' },
          { title: t('post.code'), dataIndex: 'EnCode' },
          { title: t('post.company'), dataIndex: 'F_CompanyName' },
          { title: t('post.department'), dataIndex: 'F_DepartmentName' },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 80 },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          ...(can.edit || can.del || can.users
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  render: (_: unknown, r: PostRow) => (
                    <RowActions
                      actions={[
                        actions.edit({ hidden: !can.edit, testId: `post-edit-${r.F_PostId}`, onClick: () => setEditing({ id: r.F_PostId, values: r }) }),
                        { key: 'users', label: t('post.users'), hidden: !can.users, testId: `post-users-${r.F_PostId}`, onClick: () => openHolders(r) },
                        actions.remove({
                          hidden: !can.del,
                          testId: `post-delete-${r.F_PostId}`,
                          onClick: () => confirmDelete(r.F_Name, () => postApi.remove(r.F_PostId), refresh),
                        }),
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<PostBody>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('post.edit') : t('post.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="post-form"
      >
        <PostFormFields companies={companies.data ?? []} />
      </FormModal>
      <UserPicker
        open={!!holders}
        title={holders ? t('post.usersOf', { name: holders.post.F_Name }) : undefined}
        value={holders?.ids}
        onCancel={() => setHolders(null)}
        onOk={async (ids) => {
          await postApi.setUsers({ F_PostId: holders!.post.F_PostId, userIds: ids });
          void message.success(t('common:updated'));
          setHolders(null);
        }}
      />
    </>
  );
}
