import { useState } from 'react';
import { App, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleBody, RoleRow } from '@app/contracts';
import { roleApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm, SortEnabledDescriptionFields } from '../../components/crud';
import { UserPicker } from '../../components/pickers';
import { AuthorizeDialog } from './AuthorizeDialog';
import { DataAuthorizeDialog } from './DataAuthorizeDialog';
import { orgPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { roleBody } from '@app/contracts';
import { AddLabel, EnabledFilter, saveEdited, toEnabledBody, toEnabledForm, useCrudActions, useEnabledColumn } from '../system/admin-list';

type RoleForm = Omit<RoleBody, 'F_EnabledMark'> & { F_EnabledMark: boolean };

export default function RolePage() {
  const { t } = useTranslation('organisation');
  const rules = useZodRules(roleBody);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<RoleForm> } | null>(null);
  const [members, setMembers] = useState<{ role: RoleRow; ids: string[] } | null>(null);
  const [authorize, setAuthorize] = useState<RoleRow | null>(null);
  const [dataAuth, setDataAuth] = useState<RoleRow | null>(null);
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const can = {
    edit: usePermission(P.roleEdit),
    del: usePermission(P.roleDelete),
    users: usePermission(P.roleUsers),
    auth: usePermission(P.roleAuthorize),
    data: usePermission(P.roleDataAuthorize),
  };
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['list', 'roles'] }), qc.invalidateQueries({ queryKey: ['role-picker'] })]);
  const save = (v: RoleForm) => saveEdited<RoleBody>(editing?.id, roleApi, toEnabledBody(v), refresh);
  const openMembers = async (role: RoleRow) => setMembers({ role, ids: (await roleApi.users(role.F_RoleId)).map((u) => u.F_UserId) });
  const anyAction = can.edit || can.del || can.users || can.auth || can.data;
  return (
    <>
      <ListPage<RoleRow>
        testId="role-page"
        queryKey="roles"
        rowKey="F_RoleId"
        keywordPlaceholder={t('role.keyword')}
        fetch={roleApi.page}
        filters={<EnabledFilter />}
        toolbar={[
          {
            key: 'add',
            testId: 'role-add',
            primary: true,
            permission: P.roleAdd,
            label: <AddLabel />,
            onClick: () => setEditing({ id: null, values: { F_EnabledMark: true, F_SortCode: 0 } }),
          },
        ]}
        columns={[
          { title: t('role.name'), dataIndex: 'F_FullName' },
          { title: t('role.code'), dataIndex: 'F_EnCode' },
          { title: t('role.userCount'), dataIndex: 'F_UserCount', width: 90 },
          enabledColumn(90),
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 70 },
          { title: t('common:description'), dataIndex: 'F_Description', ellipsis: true },
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          ...(anyAction
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  render: (_: unknown, r: RoleRow) => (
                    <RowActions
                      actions={[
                        actions.edit({
                          hidden: !can.edit,
                          testId: `role-edit-${r.F_RoleId}`,
                          onClick: () => setEditing({ id: r.F_RoleId, values: toEnabledForm(r) }),
                        }),
                        { key: 'users', label: t('role.users'), hidden: !can.users, testId: `role-users-${r.F_RoleId}`, onClick: () => openMembers(r) },
                        {
                          key: 'authorize',
                          label: t('role.authorize'),
                          hidden: !can.auth,
                          testId: `role-authorize-${r.F_RoleId}`,
                          onClick: () => setAuthorize(r),
                        },
                        { key: 'data', label: t('role.dataAuthorize'), hidden: !can.data, testId: `role-data-${r.F_RoleId}`, onClick: () => setDataAuth(r) },
                        actions.remove({
                          hidden: !can.del,
                          testId: `role-delete-${r.F_RoleId}`,
                          onClick: () => confirmDelete(r.F_FullName, () => roleApi.remove(r.F_RoleId), refresh),
                        }),
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<RoleForm>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('role.edit') : t('role.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="role-form"
      >
        <Form.Item name="F_FullName" label={t('role.name')} rules={rules('F_FullName', t('role.name'))}>
          <Input data-testid="role-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="F_EnCode" label={t('role.code')} rules={rules('F_EnCode', t('role.code'))}>
          <Input data-testid="role-code" maxLength={50} />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
      <UserPicker
        open={!!members}
        title={members ? t('role.usersOf', { name: members.role.F_FullName }) : undefined}
        value={members?.ids}
        onCancel={() => setMembers(null)}
        onOk={async (ids) => {
          await roleApi.setUsers({ F_RoleId: members!.role.F_RoleId, userIds: ids });
          void message.success(t('common:updated'));
          setMembers(null);
          await refresh();
        }}
      />
      <AuthorizeDialog
        open={!!authorize}
        objectType={1}
        objectId={authorize?.F_RoleId ?? ''}
        title={authorize ? t('role.authorizeOf', { name: authorize.F_FullName }) : undefined}
        onClose={() => setAuthorize(null)}
      />
      <DataAuthorizeDialog
        open={!!dataAuth}
        objectType={1}
        objectId={dataAuth?.F_RoleId ?? ''}
        title={dataAuth ? t('role.dataAuthorizeOf', { name: dataAuth.F_FullName }) : undefined}
        onClose={() => setDataAuth(null)}
      />
    </>
  );
}
