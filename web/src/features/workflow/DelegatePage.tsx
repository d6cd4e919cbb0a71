import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { type DelegateBody, type DelegateRow, delegateBody, stampPermissions } from '@app/contracts';
import { delegateApi } from './api';
import { taskApi } from './task-api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { useSession } from '../../lib/session';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { UserPicker } from '../../components/pickers';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface DelegateUser {
  id: string;
  name: string;
}

interface DelegateForm {
  delegate?: DelegateUser;
  F_SchemeIds: string[];
  range?: [Dayjs, Dayjs] | null;
  enabled: boolean;
  F_Description?: string;
}

/** The delegate: a read-only box naming the chosen user and a button opening the single-mode user picker. */
function DelegateUserInput({ value, onChange, delegatorId }: { value?: DelegateUser; onChange?: (v: DelegateUser) => void; delegatorId: string }) {
  const { t } = useTranslation('delegate');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value?.name ?? ''} placeholder={t('chooseDelegate')} data-testid="delegate-user" onClick={() => setOpen(true)} />
        <Button icon={<UserOutlined />} data-testid="delegate-user-pick" onClick={() => setOpen(true)} aria-label={t('chooseDelegate')} />
      </Space.Compact>
      <UserPicker
        open={open}
        single
        value={value ? [value.id] : []}
        excludeUserIds={[delegatorId]}
        title={t('chooseDelegate')}
        onCancel={() => setOpen(false)}
        onOk={(ids, users) => {
          const id = ids[0];
          if (!id) {
            setOpen(false);
            return;
          }
          if (id === delegatorId) {
            void message.error(t('self'));
            return;
          }
          const user = users.find((u) => u.F_UserId === id);
          onChange?.({ id, name: user?.F_RealName ?? id });
          setOpen(false);
        }}
      />
    </>
  );
}

/** 流程委托 (administration.md Delegation): the caller's delegations (administrators: everyone's). */
export default function DelegatePage() {
  const { t } = useTranslation('delegate');
  const qc = useQueryClient();
  const session = useSession();
  const me = session?.userInfo.F_UserId ?? '';
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(stampPermissions.workflowDelegateEdit), del: usePermission(stampPermissions.workflowDelegateDelete) };
  const [editing, setEditing] = useState<{ row: DelegateRow | null; values: Partial<DelegateForm> } | null>(null);
  const schemes = useQuery({
    queryKey: ['workflow-launchable'],
    queryFn: () => taskApi.launchable(),
    enabled: !!editing,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'delegate'] });
  const rules = useZodRules(delegateBody);
  const delegatorId = editing?.row?.F_UserId ?? me;
  const schemeNames = (r: DelegateRow) => (r.F_SchemeIds.length === 0 ? t('allProcesses') : r.F_SchemeNames.join('、'));

  const edit = (r: DelegateRow) =>
    setEditing({
      row: r,
      values: {
        delegate: { id: r.F_DelegateUserId, name: r.F_DelegateUserName },
        F_SchemeIds: r.F_SchemeIds,
        range: r.F_StartTime && r.F_EndTime ? [dayjs(r.F_StartTime), dayjs(r.F_EndTime)] : null,
        enabled: r.F_EnabledMark === 1,
        F_Description: r.F_Description,
      },
    });

  // Schemes of an edited delegation that are no longer launchable still show by name.
  const options = [
    ...(schemes.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: s.F_Name })),
    ...(editing?.row?.F_SchemeIds ?? [])
      .map((id, i) => ({ value: id, label: editing?.row?.F_SchemeNames[i] ?? id }))
      .filter((o) => !(schemes.data?.Rows ?? []).some((s) => s.F_Id === o.value)),
  ];

  return (
    <>
      <ListPage<DelegateRow>
        queryKey="delegate"
        testId="delegate-page"
        rowKey="F_Id"
        rowTestId={(r) => `delegate-row-${r.F_Id}`}
        keywordPlaceholder={t('keyword')}
        fetch={(q) => delegateApi.list(q)}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: stampPermissions.workflowDelegateAdd,
            onClick: () => setEditing({ row: null, values: { F_SchemeIds: [], enabled: true } }),
          },
        ]}
        columns={[
          { title: t('delegator'), dataIndex: 'F_UserName', width: 120 },
          { title: t('delegate'), dataIndex: 'F_DelegateUserName', width: 120 },
          { title: t('processes'), key: 'schemes', render: (_, r) => schemeNames(r) },
          { title: t('startTime'), dataIndex: 'F_StartTime', width: 170 },
          { title: t('endTime'), dataIndex: 'F_EndTime', width: 170 },
          {
            title: t('status'),
            dataIndex: 'F_EnabledMark',
            width: 90,
            render: (v: number) => (v === 1 ? <Tag color="green">{t('common:enabled')}</Tag> : <Tag>{t('common:disabled')}</Tag>),
          },
          { title: t('description'), dataIndex: 'F_Description' },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 130,
            render: (_, r) => (
              <RowActions
                actions={[
                  { key: 'edit', label: t('common:edit'), hidden: !can.edit, testId: `delegate-edit-${r.F_Id}`, onClick: () => edit(r) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `delegate-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(t('itemName', { name: r.F_DelegateUserName }), () => delegateApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<DelegateForm>
        open={!!editing}
        title={editing?.row ? t('edit') : t('add')}
        editing={!!editing?.row}
        initialValues={editing?.values}
        testId="delegate-form"
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const body: DelegateBody = {
            ...(editing?.row ? { F_Id: editing.row.F_Id, F_UserId: editing.row.F_UserId } : {}),
            F_DelegateUserId: v.delegate?.id ?? '',
            F_DelegateUserName: v.delegate?.name ?? '',
            F_SchemeIds: v.F_SchemeIds ?? [],
            F_StartTime: v.range?.[0]?.format(TIME) ?? '',
            F_EndTime: v.range?.[1]?.format(TIME) ?? '',
            F_EnabledMark: v.enabled ? 1 : 0,
            F_Description: v.F_Description ?? '',
          };
          await delegateApi.save(body);
          await refresh();
        }}
      >
        {/* The person and the time range are the form's own values (the contract's id and time texts are made from them), and the contract leaves them to the service: hand rules. */}
        <Form.Item
          name="delegate"
          label={t('delegate')}
          rules={[
            { required: true, message: t('userRequired') },
            { validator: (_, value?: DelegateUser) => (value?.id === delegatorId ? Promise.reject(new Error(t('self'))) : Promise.resolve()) },
          ]}
        >
          <DelegateUserInput delegatorId={delegatorId} />
        </Form.Item>
        <Form.Item name="F_SchemeIds" label={t('processes')} extra={t('processesHint')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={schemes.isFetching}
            placeholder={t('allProcesses')}
            options={options}
            data-testid="delegate-schemes"
          />
        </Form.Item>
        <Form.Item name="range" label={t('timeRange')} rules={[{ required: true, message: t('timeRequired') }]}>
          <DatePicker.RangePicker showTime format={TIME} style={{ width: '100%' }} data-testid="delegate-range" />
        </Form.Item>
        <Form.Item name="enabled" label={t('common:enabled')} valuePropName="checked">
          <Switch data-testid="delegate-enabled" />
        </Form.Item>
        <Form.Item name="F_Description" label={t('description')} rules={rules('F_Description', t('description'))}>
          <Input.TextArea rows={3} maxLength={500} data-testid="delegate-description" />
        </Form.Item>
      </FormModal>
    </>
  );
}
