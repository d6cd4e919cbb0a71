import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Switch, Table, Tag, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { md5 } from 'js-md5';
import type { ModuleGrantNode, TenantRow, TenantUserCreateBody, TenantUserRow } from '@app/contracts';
import { moduleApi, tenantApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { systemPermissions as P } from './permissions';
import { RowActionButton, RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { tenantCreateBody, tenantUpdateBody, tenantUserCreateBody } from '@app/contracts';
import { AddLabel, EnabledSwitch, EnabledTag, useCrudActions } from './admin-list';

interface TenantForm {
  F_EnCode: string;
  F_FullName: string;
  F_Contact?: string;
  F_Phone?: string;
  F_ExpireDate?: string;
  F_Description?: string;
  adminAccount?: string;
  adminRealName?: string;
  adminPassword?: string;
  moduleIds: string[];
}

interface MenuTreeNode {
  key: string;
  title: string;
  children: MenuTreeNode[];
}
const menuTree = (nodes: ModuleGrantNode[]): MenuTreeNode[] => nodes.map((n) => ({ key: n.F_ModuleId, title: n.F_FullName, children: menuTree(n.children) }));
const leafIds = (nodes: ModuleGrantNode[]): Set<string> => new Set(nodes.flatMap((n) => (n.children.length ? [...leafIds(n.children)] : [n.F_ModuleId])));

/** Checkable menu tree; value = checked + half-checked entry ids (the server adds parents anyway). */
function MenuChooser({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const all = useQuery({ queryKey: ['modules-all'], queryFn: moduleApi.all });
  const leaves = leafIds(all.data ?? []);
  return (
    <div data-testid="tenant-menus" style={{ maxHeight: 300, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}>
      {all.data && (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={menuTree(all.data ?? [])}
          checkedKeys={value.filter((id) => leaves.has(id))}
          titleRender={(n) => <span data-testid={`tenant-menu-${String(n.key)}`}>{String(n.title)}</span>}
          onCheck={(checked, info) => onChange?.([...(Array.isArray(checked) ? checked : checked.checked), ...(info.halfCheckedKeys ?? [])].map(String))}
        />
      )}
    </div>
  );
}

function TenantUsers({ tenant, onClose }: { tenant: TenantRow | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const rules = useZodRules(tenantUserCreateBody);
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const confirmDelete = useDeleteConfirm();
  const q = useQuery({
    queryKey: ['tenant-users', tenant?.F_TenantId, page],
    queryFn: () => tenantApi.users(tenant!.F_TenantId, { limit: page, size: 10 }),
    enabled: !!tenant,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['tenant-users'] });
  return (
    <Modal open={!!tenant} width={860} title={t('tenant.usersOf', { name: tenant?.F_FullName ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="tenant-users">
        <Button type="primary" size="small" icon={<PlusOutlined />} style={{ marginBottom: 8 }} onClick={() => setAdding(true)} data-testid="tenant-user-add">
          {t('common:add')}
        </Button>
        <Table<TenantUserRow>
          size="small"
          rowKey="F_UserId"
          loading={q.isFetching}
          dataSource={q.data?.Rows ?? []}
          pagination={{ current: page, pageSize: 10, total: q.data?.Total ?? 0, onChange: setPage, size: 'small' }}
          columns={[
            { title: t('tenant.account'), dataIndex: 'F_Account' },
            { title: t('tenant.realName'), dataIndex: 'F_RealName' },
            { title: t('tenant.phone'), dataIndex: 'F_Mobile' },
            { title: t('tenant.admin'), dataIndex: 'F_IsAdmin', render: (v: number) => (v === 1 ? <Tag color="gold">{t('tenant.admin')}</Tag> : null) },
            {
              title: t('common:status'),
              dataIndex: 'F_EnabledMark',
              render: (v: number, r) => <EnabledSwitch value={v} save={(flag) => tenantApi.setUserEnabled(r.F_UserId, flag)} after={refresh} />,
            },
            { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
            {
              title: t('common:actions'),
              key: 'a',
              render: (_, r) => (
                <RowActionButton
                  action={{
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    onClick: () => confirmDelete(r.F_Account, () => tenantApi.removeUser(r.F_UserId), refresh),
                  }}
                />
              ),
            },
          ]}
        />
      </div>
      <FormModal<TenantUserCreateBody & { isAdmin: boolean }>
        open={adding}
        title={t('tenant.addUser')}
        initialValues={{ isAdmin: false }}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          await tenantApi.addUser({ ...v, F_TenantId: tenant!.F_TenantId, F_Password: md5(v.F_Password) });
          await refresh();
        }}
      >
        <Form.Item name="F_Account" label={t('tenant.account')} rules={rules('F_Account', t('tenant.account'))}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="F_RealName" label={t('tenant.realName')} rules={rules('F_RealName', t('tenant.realName'))}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="F_Password" label={t('tenant.password')} rules={rules('F_Password', t('tenant.password'), { skip: ['length', 'pattern'] })}>
          <Input.Password maxLength={50} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="F_Mobile" label={t('tenant.phone')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="isAdmin" label={t('tenant.admin')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </Modal>
  );
}

export default function TenantPage() {
  const { t } = useTranslation('system');
  const rules = useZodRules(tenantUpdateBody);
  const createRules = useZodRules(tenantCreateBody);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<TenantForm> } | null>(null);
  const [usersOf, setUsersOf] = useState<TenantRow | null>(null);
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const can = {
    edit: usePermission(P.tenantEdit),
    del: usePermission(P.tenantDelete),
    status: usePermission(P.tenantStatus),
    users: usePermission(P.tenantUsers),
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'tenants'] });
  const edit = async (r: TenantRow) => {
    const mine = await moduleApi.ofTenant(r.F_TenantId);
    const ids: string[] = [];
    const walk = (ns: ModuleGrantNode[]) => ns.forEach((n) => (ids.push(n.F_ModuleId), walk(n.children)));
    walk(mine);
    setEditing({ id: r.F_TenantId, values: { ...r, F_ExpireDate: r.F_ExpireDate ?? undefined, moduleIds: ids } });
  };
  const save = async (v: TenantForm) => {
    const common = {
      F_EnCode: v.F_EnCode,
      F_FullName: v.F_FullName,
      F_Contact: v.F_Contact ?? '',
      F_Phone: v.F_Phone ?? '',
      F_Description: v.F_Description ?? '',
      F_ExpireDate: v.F_ExpireDate || null,
      moduleIds: v.moduleIds ?? [],
    };
    if (editing?.id) await tenantApi.update(editing.id, common);
    else
      await tenantApi.add({
        ...common,
        adminAccount: v.adminAccount || 'admin',
        adminRealName: v.adminRealName || undefined,
        adminPassword: md5(v.adminPassword ?? ''),
      });
    await refresh();
  };
  const creating = !editing?.id;
  return (
    <>
      <ListPage<TenantRow>
        testId="tenant-page"
        queryKey="tenants"
        rowKey="F_TenantId"
        keywordPlaceholder={t('tenant.keyword')}
        fetch={tenantApi.list}
        toolbar={[
          {
            key: 'add',
            testId: 'tenant-add',
            primary: true,
            permission: P.tenantAdd,
            label: <AddLabel />,
            onClick: () => setEditing({ id: null, values: { adminAccount: 'admin', moduleIds: [] } }),
          },
        ]}
        columns={[
          { title: t('tenant.code'), dataIndex: 'F_EnCode' },
          {
            title: t('tenant.name'),
            dataIndex: 'F_FullName',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.F_IsDefault === 1 && <Tag color="blue">{t('tenant.default')}</Tag>}
              </Space>
            ),
          },
          { title: t('tenant.contact'), dataIndex: 'F_Contact' },
          { title: t('tenant.phone'), dataIndex: 'F_Phone' },
          { title: t('tenant.userCount'), dataIndex: 'F_UserCount', width: 80 },
          { title: t('tenant.expireDate'), dataIndex: 'F_ExpireDate', render: (v: string | null) => v ?? t('tenant.never') },
          {
            title: t('common:status'),
            dataIndex: 'F_EnabledMark',
            render: (v: number, r) =>
              can.status && r.F_IsDefault !== 1 ? (
                <EnabledSwitch value={v} testId={`tenant-status-${r.F_TenantId}`} save={(flag) => tenantApi.setEnabled(r.F_TenantId, flag)} after={refresh} />
              ) : (
                <EnabledTag value={v} />
              ),
          },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                actions={[
                  actions.edit({ hidden: !can.edit, testId: `tenant-edit-${r.F_TenantId}`, onClick: () => edit(r) }),
                  { key: 'users', label: t('tenant.users'), hidden: !can.users, testId: `tenant-users-${r.F_TenantId}`, onClick: () => setUsersOf(r) },
                  actions.remove({
                    hidden: !(can.del && r.F_IsDefault !== 1),
                    testId: `tenant-delete-${r.F_TenantId}`,
                    onClick: () => confirmDelete(r.F_FullName, () => tenantApi.remove(r.F_TenantId), refresh),
                  }),
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<TenantForm>
        open={!!editing}
        editing={!creating}
        width={760}
        title={creating ? t('tenant.add') : t('tenant.edit')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="tenant-form"
      >
        <Form.Item name="F_EnCode" label={t('tenant.code')} rules={rules('F_EnCode', t('tenant.code'), { messages: { pattern: t('tenant.codeRule') } })}>
          <Input data-testid="tenant-code" maxLength={64} />
        </Form.Item>
        <Form.Item name="F_FullName" label={t('tenant.name')} rules={rules('F_FullName', t('tenant.name'))}>
          <Input data-testid="tenant-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="F_Contact" label={t('tenant.contact')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="F_Phone" label={t('tenant.phone')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="F_ExpireDate"
          label={t('tenant.expireDate')}
          rules={rules('F_ExpireDate', t('tenant.expireDate'), { messages: { pattern: 'yyyy-MM-dd' } })}
        >
          <Input placeholder="yyyy-MM-dd" maxLength={19} />
        </Form.Item>
        {creating && (
          <>
            {/* The contract falls back to 'admin' when the account is absent; this form asks for it, prefilled. */}
            <Form.Item
              name="adminAccount"
              label={t('tenant.adminAccount')}
              rules={[
                { required: true, message: t('common:required', { label: t('tenant.adminAccount') }) },
                ...createRules('adminAccount', t('tenant.adminAccount')),
              ]}
            >
              <Input data-testid="tenant-admin-account" maxLength={50} autoComplete="off" />
            </Form.Item>
            <Form.Item name="adminRealName" label={t('tenant.adminName')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="adminPassword"
              label={t('tenant.adminPassword')}
              rules={createRules('adminPassword', t('tenant.adminPassword'), { skip: ['length', 'pattern'] })}
            >
              <Input.Password data-testid="tenant-admin-password" maxLength={50} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="moduleIds" label={t('tenant.menus')}>
          <MenuChooser />
        </Form.Item>
        <Form.Item name="F_Description" label={t('common:description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
      <TenantUsers tenant={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
