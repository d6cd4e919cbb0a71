import { useState } from 'react';
import { Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubsystemInput, SubsystemRow } from '@app/contracts';
import { subsystemApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm, SortEnabledDescriptionFields } from '../../components/crud';
import { systemPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { subsystemInput } from '@app/contracts';
import { AddLabel, saveEdited, toEnabledBody, toEnabledForm, useCrudActions, useEnabledColumn } from './admin-list';

type SubsystemForm = Omit<SubsystemInput, 'F_EnabledMark'> & { F_EnabledMark: boolean };

export default function SubsystemPage() {
  const { t } = useTranslation('system');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<SubsystemForm> } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const actions = useCrudActions();
  const enabledColumn = useEnabledColumn();
  const rules = useZodRules(subsystemInput);
  const can = { edit: usePermission(P.subsystemEdit), del: usePermission(P.subsystemDelete) };
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['list', 'subsystems'] }), qc.invalidateQueries({ queryKey: ['subsystems'] })]);
  const save = (v: SubsystemForm) => saveEdited<SubsystemInput>(editing?.id, subsystemApi, toEnabledBody(v), refresh);
  return (
    <>
      <ListPage<SubsystemRow>
        testId="subsystem-page"
        queryKey="subsystems"
        rowKey="F_Id"
        keywordPlaceholder={t('subsystem.keyword')}
        fetch={subsystemApi.page}
        toolbar={[
          {
            key: 'add',
            testId: 'subsystem-add',
            primary: true,
            permission: P.subsystemAdd,
            label: <AddLabel />,
            onClick: () => setEditing({ id: null, values: { F_EnabledMark: true, F_SortCode: 0 } }),
          },
        ]}
        columns={[
          { title: t('subsystem.name'), dataIndex: 'F_Name' },
          { title: t('subsystem.indexUrl'), dataIndex: 'F_IndexUrl' },
          { title: t('subsystem.icon'), dataIndex: 'F_Icon' },
          { title: t('subsystem.moduleCount'), dataIndex: 'F_ModuleCount', width: 90 },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 70 },
          enabledColumn(),
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          ...(can.edit || can.del
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  render: (_: unknown, r: SubsystemRow) => (
                    <RowActions
                      actions={[
                        actions.edit({
                          hidden: !can.edit,
                          testId: `subsystem-edit-${r.F_Id}`,
                          onClick: () => setEditing({ id: r.F_Id, values: toEnabledForm(r) }),
                        }),
                        actions.remove({
                          hidden: !can.del,
                          testId: `subsystem-delete-${r.F_Id}`,
                          onClick: () => confirmDelete(r.F_Name, () => subsystemApi.remove(r.F_Id), refresh),
                        }),
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<SubsystemForm>
        open={!!editing}
        editing={!!editing?.id}
        title={editing?.id ? t('subsystem.edit') : t('subsystem.add')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={save}
        testId="subsystem-form"
      >
        <Form.Item name="F_Name" label={t('subsystem.name')} rules={rules('F_Name', t('subsystem.name'))}>
          <Input data-testid="subsystem-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="F_IndexUrl" label={t('subsystem.indexUrl')}>
          <Input data-testid="subsystem-url" maxLength={500} />
        </Form.Item>
        <Form.Item name="F_Icon" label={t('subsystem.icon')}>
          <Input maxLength={100} />
        </Form.Item>
        <SortEnabledDescriptionFields />
      </FormModal>
    </>
  );
}
