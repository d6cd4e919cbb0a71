import { useState, type ReactNode } from 'react';
import { App, Card, Empty, Form, Input, Modal, Popconfirm, Radio, Space, Spin, Switch, Tag, Tree, TreeSelect, Typography } from 'antd';
import { WomanOutlined, ManOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { md5 } from 'js-md5';
import type { CompanyNode, DepartmentNode, OrgNode, PermissionNode, UserRow } from '@app/contracts';
import { companyApi, userApi } from './api';
import { usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { ListPage } from '../../components/ListPage';
import { FormModal, toTreeData, useDeleteConfirm } from '../../components/crud';
import { PostPicker, ResizablePanel, RolePicker, orgTreeData, useCompanyTree, useOrgTree, type PostRef, type RoleRef } from '../../components/pickers';
import { orgPermissions as P } from './permissions';
import { AuthorizeDialog } from './AuthorizeDialog';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { userCreateBody, userResetPasswordBody } from '@app/contracts';
import { AddLabel, EnabledFilter, EnabledTag, useCrudActions } from '../system/admin-list';

interface UserForm {
  F_Account: string;
  F_Password?: string;
  F_RealName: string;
  F_Gender: 0 | 1;
  F_CompanyId?: string | null;
  departmentIds: string[];
  roles: RoleRef[];
  posts: PostRef[];
  F_Mobile?: string;
  F_Email?: string;
  F_EnabledMark: boolean;
  F_Description?: string;
}

/** A form control showing the chosen objects as tags; clicking opens a picker. */
function PickerField<T>({
  value = [],
  onChange,
  testId,
  label,
  picker,
}: {
  value?: T[];
  onChange?: (v: T[]) => void;
  testId: string;
  label: (t: T) => string;
  picker: (open: boolean, close: () => void, done: (v: T[]) => void, value: T[]) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('organisation');
  return (
    <>
      <div
        data-testid={testId}
        onClick={() => setOpen(true)}
        style={{
          minHeight: 32,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          padding: '3px 8px',
          cursor: 'pointer',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 4,
          alignItems: 'center',
        }}
      >
        {value.length === 0 && <Typography.Text type="secondary">{t('user.choose')}</Typography.Text>}
        {value.map((v, i) => (
          <Tag key={i} style={{ margin: 0 }}>
            {label(v)}
          </Tag>
        ))}
      </div>
      {picker(
        open,
        () => setOpen(false),
        (v) => {
          onChange?.(v);
          setOpen(false);
        },
        value,
      )}
    </>
  );
}

/** Each department's company, from the organisation tree (companies with their department trees). */
function departmentCompanies(nodes: OrgNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    if (n.type === 'department') into.set(n.id, n.companyId);
    departmentCompanies(n.children ?? [], into);
  }
  return into;
}

function UserFormFields({ creating, companies, departmentCompany }: { creating: boolean; companies: CompanyNode[]; departmentCompany: Map<string, string> }) {
  const { t } = useTranslation('organisation');
  const rules = useZodRules(userCreateBody);
  const form = Form.useFormInstance<UserForm>();
  const companyId = Form.useWatch('F_CompanyId', form);
  const depts = useQuery({
    queryKey: ['departments', companyId],
    queryFn: () => companyApi.departmentTree(companyId!),
    enabled: !!companyId,
  });
  return (
    <>
      <Form.Item name="F_Account" label={t('user.account')} rules={rules('F_Account', t('user.account'), { messages: { pattern: t('user.accountRule') } })}>
        <Input data-testid="user-account" disabled={!creating} maxLength={50} autoComplete="off" />
      </Form.Item>
      {creating && (
        <Form.Item name="F_Password" label={t('user.password')} rules={rules('F_Password', t('user.password'), { skip: ['length', 'pattern'] })}>
          <Input.Password data-testid="user-password" maxLength={50} autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="F_RealName" label={t('user.realName')} rules={rules('F_RealName', t('user.realName'))}>
        <Input data-testid="user-name" maxLength={50} />
      </Form.Item>
      <Form.Item name="F_Gender" label={t('user.gender')}>
        <Radio.Group
          options={[
            { value: 0, label: t('user.male') },
            { value: 1, label: t('user.female') },
          ]}
        />
      </Form.Item>
      <Form.Item name="F_CompanyId" label={t('user.company')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          data-testid="user-company"
          treeData={toTreeData(
            companies,
            (n: CompanyNode) => n.F_CompanyId,
            (n) => n.F_FullName,
          )}
          // Departments of the chosen company stay; the others go (a department belongs to one company).
          onChange={(next: string | undefined) =>
            form.setFieldsValue({
              departmentIds: ((form.getFieldValue('departmentIds') as string[] | undefined) ?? []).filter((d) => !!next && departmentCompany.get(d) === next),
            })
          }
        />
      </Form.Item>
      <Form.Item name="departmentIds" label={t('user.departments')}>
        <TreeSelect
          multiple
          allowClear
          treeDefaultExpandAll
          data-testid="user-departments"
          treeData={toTreeData(
            depts.data ?? [],
            (n: DepartmentNode) => n.F_DepartmentId,
            (n) => n.F_FullName,
          )}
        />
      </Form.Item>
      <Form.Item name="roles" label={t('user.roles')}>
        <PickerField<RoleRef>
          testId="user-roles"
          label={(r) => r.F_FullName}
          picker={(open, close, done, value) => <RolePicker open={open} value={value} onCancel={close} onOk={done} />}
        />
      </Form.Item>
      <Form.Item name="posts" label={t('user.posts')}>
        <PickerField<PostRef>
          testId="user-posts"
          label={(p) => p.F_Name}
          picker={(open, close, done, value) => <PostPicker open={open} value={value} onCancel={close} onOk={done} />}
        />
      </Form.Item>
      {/* Not from the contract, whose pattern admits any phone number: this screen asks for a mainland mobile. */}
      <Form.Item name="F_Mobile" label={t('user.mobile')} rules={[{ pattern: /^1\d{10}$/, message: t('user.mobileRule') }]}>
        <Input data-testid="user-mobile" maxLength={11} />
      </Form.Item>
      <Form.Item name="F_Email" label={t('user.email')} rules={rules('F_Email', t('user.email'), { messages: { email: t('user.emailRule') } })}>
        <Input data-testid="user-email" maxLength={100} />
      </Form.Item>
      <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="F_Description" label={t('common:description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}

interface PermTree {
  key: string;
  title: ReactNode;
  children: PermTree[];
}

function PermissionTree({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const q = useQuery({
    queryKey: ['user-permission', userId],
    queryFn: () => userApi.permission(userId!),
    enabled: !!userId,
    staleTime: 0,
  });
  const toTree = (nodes: PermissionNode[]): PermTree[] =>
    nodes.map((n) => ({
      key: n.F_ModuleId,
      title: (
        <span>
          <strong>{n.F_FullName}</strong>{' '}
          {n.buttons.map((b) => (
            <Tag key={b.F_Id} color="blue">
              {b.F_FullName}
            </Tag>
          ))}
          {n.columns.map((c) => (
            <Tag key={c.F_Id} color="purple">
              {c.F_FullName}
            </Tag>
          ))}
        </span>
      ),
      children: toTree(n.children),
    }));
  return (
    <Modal open={!!userId} title={t('user.permission')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <div data-testid="user-permission-dialog" style={{ maxHeight: '60vh', overflow: 'auto' }}>
        {q.isLoading ? <Spin /> : q.data?.menus.length ? <Tree selectable={false} defaultExpandAll treeData={toTree(q.data.menus)} /> : <Empty />}
      </div>
    </Modal>
  );
}

export default function UserPage() {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useSession()?.userInfo.F_UserId;
  const org = useOrgTree();
  const companies = useCompanyTree();
  const [sel, setSel] = useState<{ type: 'company' | 'department'; id: string; companyId: string } | null>(null);
  const [controlled, setControlled] = useState({ mobile: false, email: false });
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<UserForm> } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [permissionOf, setPermissionOf] = useState<string | null>(null);
  const [authorizeOf, setAuthorizeOf] = useState<UserRow | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();
  const resetRules = useZodRules(userResetPasswordBody);
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const can = {
    edit: usePermission(P.userEdit),
    del: usePermission(P.userDelete),
    enable: usePermission(P.userEnable),
    reset: usePermission(P.userResetPassword),
    perm: usePermission(P.userPermission),
    authorize: usePermission(P.userAuthorize),
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list'] });

  const save = async (v: UserForm) => {
    const common = {
      F_RealName: v.F_RealName,
      F_Gender: v.F_Gender,
      F_CompanyId: v.F_CompanyId ?? null,
      F_Description: v.F_Description ?? '',
      F_EnabledMark: v.F_EnabledMark ? 1 : 0,
      F_Mobile: v.F_Mobile || undefined,
      F_Email: v.F_Email || undefined,
      departmentIds: v.departmentIds ?? [],
      roleIds: (v.roles ?? []).map((r) => r.F_RoleId),
      postIds: (v.posts ?? []).map((p) => p.F_PostId),
    } as const;
    if (editing?.id) await userApi.update(editing.id, common);
    else await userApi.add({ ...common, F_Account: v.F_Account.trim(), F_Password: md5(v.F_Password ?? '') });
    await refresh();
  };
  const setEnabled = async (r: UserRow, on: boolean) => {
    await userApi.setEnabled(r.F_UserId, on ? 1 : 0);
    void message.success(t('common:updated'));
    await refresh();
  };
  const reset = async () => {
    const v = await resetForm.validateFields();
    await userApi.resetPassword(resetting!.F_UserId, md5(v.password));
    void message.success(t('user.passwordReset'));
    setResetting(null);
  };
  const filter = sel ? (sel.type === 'company' ? { companyId: sel.id } : { departmentId: sel.id }) : {};
  const rowToForm = (r: UserRow): Partial<UserForm> => ({
    F_Account: r.F_Account,
    F_RealName: r.F_RealName,
    F_Gender: r.F_Gender === 1 ? 1 : 0,
    F_CompanyId: r.F_Company?.F_CompanyId ?? r.F_CompanyId,
    departmentIds: r.F_Department.map((d) => d.F_DepartmentId),
    roles: r.F_Roles,
    posts: r.F_Posts,
    F_Mobile: r.F_Mobile ?? undefined,
    F_Email: r.F_Email ?? undefined,
    F_EnabledMark: r.F_EnabledMark === 1,
    F_Description: r.F_Description,
  });
  return (
    <Card size="small" data-testid="user-page">
      <ResizablePanel
        side={
          <div data-testid="user-org-tree">
            {org.data && org.data.length > 0 && (
              <Tree
                blockNode
                defaultExpandAll
                selectedKeys={sel ? [`${sel.type}:${sel.id}`] : []}
                treeData={orgTreeData(org.data ?? [])}
                onSelect={(_, info) => {
                  const n = info.node as unknown as { type: 'company' | 'department'; id: string; companyId: string; selected: boolean };
                  setSel(n.selected ? null : { type: n.type, id: n.id, companyId: n.companyId });
                }}
              />
            )}
          </div>
        }
      >
        <ListPage<UserRow>
          key={sel ? `${sel.type}:${sel.id}` : 'all'}
          queryKey={`users:${sel?.type ?? ''}:${sel?.id ?? ''}`}
          rowKey="F_UserId"
          keywordPlaceholder={t('user.keyword')}
          fetch={async (q) => {
            const page = await userApi.page({ ...q, ...filter });
            setControlled({ mobile: page.Rows.some((r) => 'F_Mobile' in r), email: page.Rows.some((r) => 'F_Email' in r) });
            return page;
          }}
          filters={<EnabledFilter testId="user-filter-enabled" />}
          toolbar={[
            {
              key: 'add',
              testId: 'user-add',
              primary: true,
              permission: P.userAdd,
              label: <AddLabel />,
              onClick: () =>
                setEditing({
                  id: null,
                  // The chosen tree node presets both: a department brings its company (so the department shows its name).
                  values: {
                    F_Gender: 0,
                    F_EnabledMark: true,
                    departmentIds: sel?.type === 'department' ? [sel.id] : [],
                    roles: [],
                    posts: [],
                    F_CompanyId: sel ? (sel.type === 'company' ? sel.id : sel.companyId) : undefined,
                  },
                }),
            },
          ]}
          columns={[
            { title: t('user.account'), dataIndex: 'F_Account' },
            {
              title: t('user.realName'),
              dataIndex: 'F_RealName',
              render: (v: string, r) => (
                <Space size={4}>
                  {r.F_Gender === 1 ? <WomanOutlined style={{ color: '#eb2f96' }} /> : <ManOutlined style={{ color: '#1677ff' }} />}
                  {v}
                </Space>
              ),
            },
            ...(controlled.mobile ? [{ title: t('user.mobile'), dataIndex: 'F_Mobile', key: 'F_Mobile' }] : []),
            ...(controlled.email ? [{ title: t('user.email'), dataIndex: 'F_Email', key: 'F_Email' }] : []),
            { title: t('user.company'), key: 'company', render: (_: unknown, r: UserRow) => r.F_Company?.F_FullName },
            { title: t('user.departments'), key: 'departments', render: (_: unknown, r: UserRow) => r.F_Department.map((d) => d.F_FullName).join('，') },
            { title: t('user.roles'), key: 'roles', render: (_: unknown, r: UserRow) => r.F_Roles.map((x) => <Tag key={x.F_RoleId}>{x.F_FullName}</Tag>) },
            {
              title: t('common:status'),
              dataIndex: 'F_EnabledMark',
              render: (v: number, r: UserRow) =>
                can.enable ? (
                  v === 1 ? (
                    // Disabling signs the user out and stops them signing in: asked first. Enabling is not.
                    <Popconfirm
                      title={t('user.disableConfirm', { name: r.F_RealName || r.F_Account })}
                      description={t('user.disableHint')}
                      disabled={r.F_UserId === me}
                      onConfirm={() => setEnabled(r, false)}
                      okText={t('common:ok')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ danger: true, ...({ 'data-testid': `user-disable-ok-${r.F_UserId}` } as Record<string, string>) }}
                    >
                      <Switch size="small" checked disabled={r.F_UserId === me} data-testid={`user-enable-${r.F_UserId}`} />
                    </Popconfirm>
                  ) : (
                    <Switch size="small" checked={false} data-testid={`user-enable-${r.F_UserId}`} onChange={(on) => void setEnabled(r, on)} />
                  )
                ) : (
                  <EnabledTag value={v} />
                ),
            },
            ...(can.edit || can.del || can.reset || can.perm
              ? [
                  {
                    title: t('common:actions'),
                    key: 'actions',
                    fixed: 'right' as const,
                    render: (_: unknown, r: UserRow) => (
                      <RowActions
                        actions={[
                          actions.edit({
                            hidden: !can.edit,
                            testId: `user-edit-${r.F_UserId}`,
                            onClick: () => setEditing({ id: r.F_UserId, values: rowToForm(r) }),
                          }),
                          {
                            key: 'reset',
                            label: t('user.resetPassword'),
                            hidden: !can.reset,
                            testId: `user-reset-${r.F_UserId}`,
                            onClick: () => {
                              resetForm.resetFields();
                              setResetting(r);
                            },
                          },
                          {
                            key: 'permission',
                            label: t('user.permission'),
                            hidden: !can.perm,
                            testId: `user-permission-${r.F_UserId}`,
                            onClick: () => setPermissionOf(r.F_UserId),
                          },
                          {
                            key: 'authorize',
                            label: t('user.authorize'),
                            hidden: !can.authorize,
                            testId: `user-authorize-${r.F_UserId}`,
                            onClick: () => setAuthorizeOf(r),
                          },
                          actions.remove({
                            hidden: !(can.del && r.F_UserId !== me),
                            testId: `user-delete-${r.F_UserId}`,
                            onClick: () => confirmDelete(r.F_RealName || r.F_Account, () => userApi.remove(r.F_UserId), refresh),
                          }),
                        ]}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </ResizablePanel>
      <FormModal<UserForm>
        open={!!editing}
        editing={!!editing?.id}
        width={720}
        title={editing?.id ? t('user.edit') : t('user.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="user-form"
      >
        <UserFormFields creating={!editing?.id} companies={companies.data ?? []} departmentCompany={departmentCompanies(org.data ?? [])} />
      </FormModal>
      <Modal
        open={!!resetting}
        title={t('user.resetPasswordOf', { name: resetting?.F_RealName ?? '' })}
        onCancel={() => setResetting(null)}
        onOk={() => void reset().catch(() => undefined)}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        okButtonProps={{ 'data-testid': 'modal-ok' } as Record<string, string>}
        forceRender
      >
        <Form form={resetForm} layout="vertical">
          <Form.Item
            name="password"
            label={t('user.newPassword')}
            // The contract checks the hash sent; the length asked of what is typed is this screen's own.
            rules={[...resetRules('newPassword', t('user.newPassword'), { skip: ['length', 'pattern'] }), { min: 6, message: t('user.passwordRule') }]}
          >
            <Input.Password data-testid="user-new-password" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <PermissionTree userId={permissionOf} onClose={() => setPermissionOf(null)} />
      <AuthorizeDialog
        open={!!authorizeOf}
        objectType={2}
        objectId={authorizeOf?.F_UserId ?? ''}
        title={authorizeOf ? t('user.authorizeOf', { name: authorizeOf.F_RealName || authorizeOf.F_Account }) : undefined}
        onClose={() => setAuthorizeOf(null)}
      />
    </Card>
  );
}
