import { useState } from 'react';
import { App, Card, Empty, Form, Input, Space, Table, Tree, TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartmentBody, DepartmentNode, PostBrief, PostNode } from '@app/contracts';
import { companyApi, departmentApi, specialPostApi } from './api';
import { usePermission } from '../../lib/permission';
import { FormModal, pruneChildren, toTreeData, useDeleteConfirm, SortEnabledDescriptionFields } from '../../components/crud';
import { PostPicker, ResizablePanel, UserPicker, orgTreeData, useOrgTree } from '../../components/pickers';
import { orgPermissions as P } from './permissions';
import { DictionaryLabel, DictionarySelect } from '../../components/dictionary';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { departmentBody } from '@app/contracts';
import { AddButton, saveEdited, toEnabledBody, toEnabledForm, useCrudActions, useEnabledColumn } from '../system/admin-list';

type DeptForm = Omit<DepartmentBody, 'F_EnabledMark'> & { F_EnabledMark: boolean };
interface Sel {
  type: 'company' | 'department';
  id: string;
  companyId: string;
}

export default function DepartmentPage() {
  const { t } = useTranslation('organisation');
  const rules = useZodRules(departmentBody);
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const org = useOrgTree();
  const [sel, setSel] = useState<Sel | null>(null);
  const first = org.data?.[0];
  const current: Sel | null = sel ?? (first ? { type: 'company', id: first.id, companyId: first.companyId } : null);
  const companyId = current?.companyId;
  const depts = useQuery({
    queryKey: ['departments', companyId],
    queryFn: () => companyApi.departmentTree(companyId!),
    enabled: !!companyId,
  });
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<DeptForm> } | null>(null);
  const [members, setMembers] = useState<{ dept: DepartmentNode; ids: string[] } | null>(null);
  const [maintainers, setMaintainers] = useState<{ dept: DepartmentNode; ids: string[] } | null>(null);
  const [special, setSpecial] = useState<{ dept: DepartmentNode; posts: PostBrief[] } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const can = {
    add: usePermission(P.departmentAdd),
    edit: usePermission(P.departmentEdit),
    del: usePermission(P.departmentDelete),
    maint: usePermission(P.departmentMaintainers),
    special: usePermission(P.departmentSpecialPost),
  };
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['departments'] }), qc.invalidateQueries({ queryKey: ['org-tree'] })]);
  const parentTree = [
    {
      key: '0',
      value: '0',
      title: t('department.root'),
      children: toTreeData(
        depts.data ?? [],
        (n: DepartmentNode) => n.F_DepartmentId,
        (n) => n.F_FullName,
      ),
    },
  ];
  const save = (v: DeptForm) => saveEdited<DepartmentBody>(editing?.id, departmentApi, toEnabledBody(v), refresh);
  const openMembers = async (dept: DepartmentNode) => {
    const page = await departmentApi.users(dept.F_DepartmentId, { limit: 1, size: 500 });
    setMembers({ dept, ids: page.Rows.map((u) => u.F_UserId) });
  };
  const openMaintainers = async (dept: DepartmentNode) => {
    const list = await departmentApi.maintainers(dept.F_DepartmentId);
    setMaintainers({ dept, ids: list.map((u) => u.F_UserId) });
  };
  const [checking, setChecking] = useState<string | null>(null);
  /**
   * The server refuses to delete a department with sub-departments, users or posts: find out first and say why,
   * instead of asking "永久删除…" for a deletion that cannot happen.
   */
  const askDelete = async (dept: DepartmentNode) => {
    const id = dept.F_DepartmentId;
    setChecking(id);
    let blocker: { key: 'hasChildren' | 'hasUsers' | 'hasPosts'; count: number } | null = null;
    try {
      if (dept.children?.length) blocker = { key: 'hasChildren', count: dept.children.length };
      else {
        const [users, posts] = await Promise.all([departmentApi.users(id, { limit: 1, size: 1 }), companyApi.postTree(dept.F_CompanyId, id)]);
        const postCount = (function count(nodes: PostNode[]): number {
          return nodes.reduce((n, p) => n + 1 + count(p.children ?? []), 0);
        })(posts);
        if (users.Total > 0) blocker = { key: 'hasUsers', count: users.Total };
        else if (postCount > 0) blocker = { key: 'hasPosts', count: postCount };
      }
    } catch {
      return; // the API client has shown the message
    } finally {
      setChecking(null);
    }
    if (blocker) {
      modal.warning({
        title: t('department.cannotDelete'),
        content: <span data-testid="department-delete-blocked">{t(`department.${blocker.key}`, { name: dept.F_FullName, count: blocker.count })}</span>,
        okText: t('common:ok'),
      });
      return;
    }
    confirmDelete(dept.F_FullName, () => departmentApi.remove(id), refresh);
  };
  const openSpecial = async (dept: DepartmentNode) => setSpecial({ dept, posts: await departmentApi.specialPosts(dept.F_DepartmentId) });

  return (
    <Card size="small" data-testid="department-page">
      <ResizablePanel
        side={
          <div data-testid="org-tree">
            {org.data?.length ? (
              <Tree
                blockNode
                defaultExpandAll
                selectedKeys={current ? [`${current.type}:${current.id}`] : []}
                treeData={orgTreeData(org.data)}
                titleRender={(n) => <span data-testid={`org-node-${String(n.key).split(':')[1]}`}>{String(n.title)}</span>}
                onSelect={(_, info) => {
                  const n = info.node as unknown as Sel;
                  setSel({ type: n.type, id: n.id, companyId: n.companyId });
                }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </div>
        }
      >
        <Space style={{ marginBottom: 12 }}>
          {can.add && current && (
            <AddButton
              testId="department-add"
              onClick={() =>
                setEditing({
                  id: null,
                  values: { F_CompanyId: current.companyId, F_ParentId: current.type === 'department' ? current.id : '0', F_SortCode: 0, F_EnabledMark: true },
                })
              }
            />
          )}
        </Space>
        {depts.data && depts.data.length > 0 && (
          <Table<DepartmentNode>
            size="middle"
            rowKey="F_DepartmentId"
            loading={depts.isFetching}
            dataSource={pruneChildren(depts.data)}
            pagination={false}
            // Columns keep their natural width and the table scrolls sideways: on a phone no name breaks per character.
            scroll={{ x: 'max-content' }}
            expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
            onRow={(r) => ({ 'data-testid': `department-row-${r.F_DepartmentId}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('department.name'), dataIndex: 'F_FullName' },
              { title: t('department.code'), dataIndex: 'F_EnCode' },
              { title: t('department.nature'), dataIndex: 'F_Nature', render: (v: string | null) => <DictionaryLabel code="DepartmentNature" value={v} /> },
              { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 80 },
              enabledColumn(90),
              {
                title: t('common:actions'),
                key: 'actions',
                render: (_, r) => (
                  <RowActions
                    wrap
                    actions={[
                      actions.edit({
                        hidden: !can.edit,
                        testId: `department-edit-${r.F_DepartmentId}`,
                        onClick: () => setEditing({ id: r.F_DepartmentId, values: toEnabledForm(r) }),
                      }),
                      {
                        key: 'members',
                        label: t('department.members'),
                        hidden: !can.edit,
                        testId: `department-members-${r.F_DepartmentId}`,
                        onClick: () => openMembers(r),
                      },
                      {
                        key: 'maintainers',
                        label: t('department.maintainers'),
                        hidden: !can.maint,
                        testId: `department-maintainers-${r.F_DepartmentId}`,
                        onClick: () => openMaintainers(r),
                      },
                      {
                        key: 'special',
                        label: t('specialPost'),
                        hidden: !can.special,
                        testId: `department-special-${r.F_DepartmentId}`,
                        onClick: () => openSpecial(r),
                      },
                      actions.remove({
                        hidden: !can.del,
                        loading: checking === r.F_DepartmentId,
                        testId: `department-delete-${r.F_DepartmentId}`,
                        onClick: () => askDelete(r),
                      }),
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
        {depts.data && depts.data.length === 0 && <Empty description={t('department.none')} />}
      </ResizablePanel>
      <FormModal<DeptForm>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('department.edit') : t('department.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="department-form"
      >
        <Form.Item name="F_CompanyId" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="F_ParentId" label={t('department.parent')}>
          <TreeSelect treeData={parentTree} treeDefaultExpandAll />
        </Form.Item>
        <Form.Item name="F_FullName" label={t('department.name')} rules={rules('F_FullName', t('department.name'))}>
          <Input data-testid="department-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="F_EnCode" label={t('department.code')}>
          <Input data-testid="department-code" maxLength={50} />
        </Form.Item>
        <Form.Item name="F_Nature" label={t('department.nature')}>
          <DictionarySelect code="DepartmentNature" data-testid="department-nature" />
        </Form.Item>
        <Form.Item name="F_Phone" label={t('company.phone')}>
          <Input maxLength={50} />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
      <UserPicker
        open={!!members}
        title={members ? t('department.membersOf', { name: members.dept.F_FullName }) : undefined}
        value={members?.ids}
        onCancel={() => setMembers(null)}
        onOk={async (ids) => {
          await departmentApi.setUsers({ F_DepartmentId: members!.dept.F_DepartmentId, userIds: ids });
          void message.success(t('common:updated'));
          setMembers(null);
          await refresh();
        }}
      />
      <UserPicker
        open={!!maintainers}
        title={maintainers ? t('department.maintainersOf', { name: maintainers.dept.F_FullName }) : undefined}
        value={maintainers?.ids}
        onCancel={() => setMaintainers(null)}
        onOk={async (ids) => {
          await departmentApi.setMaintainers(maintainers!.dept.F_DepartmentId, ids);
          void message.success(t('common:updated'));
          setMaintainers(null);
        }}
      />
      <PostPicker
        open={!!special}
        value={special?.posts.map((p) => ({ F_PostId: p.F_PostId, F_Name: p.F_Name }))}
        onCancel={() => setSpecial(null)}
        onOk={async (list) => {
          await specialPostApi.set({ postList: list.map((p) => p.F_PostId), F_Type: 2, F_ObjectId: special!.dept.F_DepartmentId });
          void message.success(t('common:updated'));
          setSpecial(null);
        }}
      />
    </Card>
  );
}
