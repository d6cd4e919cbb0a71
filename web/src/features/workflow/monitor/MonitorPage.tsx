import { useMemo, useState } from 'react';
import { App, Button, type ButtonProps, DatePicker, Empty, Form, Input, Modal, Radio, Select, Space, Spin, Tabs, Tag, Typography, theme } from 'antd';
import { CloseCircleFilled, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { type InstanceRow, type WorkflowMonitorPageQuery, workflowMonitorPermissions } from '@app/contracts';
import { schemeApi } from '../scheme/scheme-api';
import '../../../lib/dayjs-locale';
import { usePermission } from '../../../lib/permission';
import { ListPage, type ListQuery } from '../../../components/ListPage';
import { UserPicker } from '../../../components/pickers';
import { openApproval, openProgress } from '../overlays';
import { taskApi, taskKeys, type TaskCandidateUser } from '../task-api';
import { RowActions } from '../../../components/RowActions';

export type MonitorTab = 'unfinished' | 'finished';

interface PickedUser {
  id: string;
  name: string;
}

interface MonitorFilters {
  keyword?: string;
  F_SchemeId?: string;
  starter?: PickedUser | null;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

/** The query bar's values as the monitor list's query (WorkflowMonitorPageQuery). */
export function toMonitorQuery(v: MonitorFilters): Record<string, string | undefined> {
  const out: Partial<Record<keyof WorkflowMonitorPageQuery, string>> = {
    keyword: v.keyword?.trim() || undefined,
    F_SchemeId: v.F_SchemeId || undefined,
    starterId: v.starter?.id || undefined,
    startTime: v.range?.[0]?.format(DAY),
    endTime: v.range?.[1]?.format(DAY),
  };
  return out;
}

/** Starter filter: a read-only box naming the chosen user; the single-mode user picker chooses. */
function StarterInput({ value, onChange }: { value?: PickedUser | null; onChange?: (v: PickedUser | null) => void }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('wfMonitor');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: 200 }}>
        <Input
          readOnly
          value={value?.name ?? ''}
          placeholder={t('starter')}
          data-testid="wf-monitor-starter"
          onClick={() => setOpen(true)}
          suffix={
            value ? (
              <CloseCircleFilled
                style={{ color: token.colorTextQuaternary }}
                data-testid="wf-monitor-starter-clear"
                onClick={(e) => {
                  e.stopPropagation();
                  onChange?.(null);
                }}
              />
            ) : (
              <span />
            )
          }
        />
        <Button icon={<UserOutlined />} aria-label={t('starter')} data-testid="wf-monitor-starter-pick" onClick={() => setOpen(true)} />
      </Space.Compact>
      <UserPicker
        open={open}
        single
        value={value ? [value.id] : []}
        title={t('starter')}
        onCancel={() => setOpen(false)}
        onOk={(ids, users) => {
          const id = ids[0];
          onChange?.(id ? { id, name: users.find((u) => u.F_UserId === id)?.F_RealName ?? id } : null);
          setOpen(false);
        }}
      />
    </>
  );
}

/** Scheme filter: every scheme of the tenant (GET /workflow-scheme-info; a failed read leaves it empty). */
function SchemeSelect(props: { value?: string; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation('wfMonitor');
  const schemes = useQuery({
    queryKey: ['workflow-monitor', 'schemes'],
    queryFn: () => schemeApi.options({ limit: 1, size: 500 }).catch(() => ({ Rows: [], Total: 0 })),
    staleTime: 60_000,
  });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('scheme')}
      style={{ width: 200 }}
      loading={schemes.isLoading}
      options={(schemes.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: s.F_Name }))}
      data-testid="wf-monitor-scheme"
    />
  );
}

/** The assign dialog: which open task (with its current users), then the new user (single user picker). */
function AssignDialog({ row, onClose, onDone }: { row: InstanceRow | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('wfMonitor');
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const id = row?.processInstanceId ?? '';
  const users = useQuery({
    queryKey: ['workflow-monitor', 'candidates', id],
    queryFn: () => taskApi.candidateUsers(id),
    enabled: !!row,
  });
  const tasks = useMemo(() => {
    const byTask = new Map<string, { taskId: string; nodeName: string; users: TaskCandidateUser[] }>();
    for (const u of users.data ?? []) {
      const entry = byTask.get(u.taskId) ?? { taskId: u.taskId, nodeName: u.nodeName, users: [] };
      entry.users.push(u);
      byTask.set(u.taskId, entry);
    }
    return [...byTask.values()];
  }, [users.data]);
  const taskId = chosen ?? (tasks.length === 1 ? tasks[0]!.taskId : null);
  const close = () => {
    setChosen(null);
    setPicking(false);
    onClose();
  };
  return (
    <>
      <Modal
        open={!!row && !picking}
        title={t('assignTitle', { name: row?.processName ?? '' })}
        onCancel={close}
        okText={t('chooseUser')}
        okButtonProps={{ disabled: !taskId, 'data-testid': 'wf-monitor-assign-next' } as ButtonProps}
        cancelButtonProps={{ 'data-testid': 'wf-monitor-assign-cancel' } as ButtonProps}
        onOk={() => setPicking(true)}
        destroyOnHidden
      >
        <div data-testid="wf-monitor-assign-dialog">
          <Typography.Paragraph type="secondary">{t('assignHint')}</Typography.Paragraph>
          {users.isLoading ? (
            <Spin />
          ) : tasks.length === 0 ? (
            <Empty description={t('noOpenTask')} data-testid="wf-monitor-assign-empty" />
          ) : (
            <Radio.Group value={taskId} onChange={(e) => setChosen(e.target.value as string)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              {tasks.map((task) => (
                <div key={task.taskId} data-testid={`wf-monitor-assign-task-${task.taskId}`}>
                  <Radio value={task.taskId}>
                    <b>{task.nodeName}</b>
                    <span style={{ marginLeft: 8 }}>{t('currentUsers', { users: task.users.map((u) => u.F_RealName || u.F_Account).join('、') })}</span>
                  </Radio>
                </div>
              ))}
            </Radio.Group>
          )}
        </div>
      </Modal>
      <UserPicker
        open={!!row && picking}
        single
        title={t('chooseUser')}
        onCancel={() => setPicking(false)}
        onOk={(ids) => {
          const userId = ids[0];
          if (!userId || !taskId) {
            setPicking(false);
            return;
          }
          void taskApi.assign(taskId, userId).then(
            () => {
              void message.success(t('assignOk'));
              close();
              onDone();
            },
            () => setPicking(false),
          );
        }}
      />
    </>
  );
}

const STATE_COLOR: Record<string, string> = { running: 'processing', suspended: 'warning', completed: 'success', recalled: 'default', terminated: 'error' };

/** 流程监控 (administration.md Monitor): every instance of the tenant, unfinished and finished; suspend, resume, assign. */
export default function MonitorPage() {
  const { t } = useTranslation('wfMonitor');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [tab, setTab] = useState<MonitorTab>('unfinished');
  const [assigning, setAssigning] = useState<InstanceRow | null>(null);
  const can = {
    list: usePermission(workflowMonitorPermissions.workflowMonitorList),
    suspend: usePermission(workflowMonitorPermissions.workflowMonitorSuspend),
    assign: usePermission(workflowMonitorPermissions.workflowMonitorAssign),
  };
  const queryKey = `wf-monitor-${tab}`;
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['list', queryKey] });
    await qc.invalidateQueries({ queryKey: taskKeys.all });
  };
  const confirm = (title: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'wf-monitor-confirm-ok' } as ButtonProps,
      onOk: async () => {
        await run();
        void message.success(t(done));
        await refresh();
      },
    });
  const fetch = (query: ListQuery) =>
    tab === 'finished' ? taskApi.finished(query as WorkflowMonitorPageQuery) : taskApi.unfinished(query as WorkflowMonitorPageQuery);

  return (
    <div data-testid="wf-monitor-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as MonitorTab)}
        data-testid="wf-monitor-tabs"
        items={[
          { key: 'unfinished', label: <span data-testid="wf-monitor-tab-unfinished">{t('unfinished')}</span> },
          { key: 'finished', label: <span data-testid="wf-monitor-tab-finished">{t('finished')}</span> },
        ]}
      />
      <ListPage<InstanceRow>
        key={tab}
        queryKey={queryKey}
        testId="wf-monitor-list"
        rowKey="processInstanceId"
        rowTestId={(r) => `wf-monitor-row-${r.processInstanceId}`}
        keywordPlaceholder={t('keywordPlaceholder')}
        fetch={fetch}
        toQuery={(v) => toMonitorQuery(v as MonitorFilters)}
        searchTestId="wf-monitor-search"
        resetTestId="wf-monitor-reset"
        filters={
          <>
            <Form.Item name="F_SchemeId">
              <SchemeSelect />
            </Form.Item>
            <Form.Item name="starter">
              <StarterInput />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker format={DAY} placeholder={[t('startDate'), t('endDate')]} data-testid="wf-monitor-range" />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('processName'), dataIndex: 'processName', render: (v: string) => <span data-testid="wf-monitor-process-name">{v}</span> },
          { title: t('scheme'), dataIndex: 'schemeName' },
          { title: t('starter'), dataIndex: 'startUser' },
          { title: t('currentNodes'), dataIndex: 'currentNodes' },
          {
            title: t('state'),
            dataIndex: 'state',
            render: (v: string, r) => (
              <Tag color={STATE_COLOR[r.isSuspended ? 'suspended' : v] ?? 'default'} data-testid={`wf-monitor-state-${r.processInstanceId}`}>
                {t(`states.${r.isSuspended ? 'suspended' : v}`, { defaultValue: v })}
              </Tag>
            ),
          },
          { title: t('createTime'), dataIndex: 'createTime' },
          { title: t('completedTime'), dataIndex: 'completedTime', render: (v: string | null) => v ?? '' },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => {
              const id = r.processInstanceId;
              const suspended = r.isSuspended || r.state === 'suspended';
              const open = tab === 'unfinished';
              return (
                <RowActions
                  wrap
                  actions={[
                    {
                      key: 'view',
                      label: t('view'),
                      hidden: !can.list,
                      testId: `wf-monitor-view-${id}`,
                      onClick: () => openApproval({ processInstanceId: id }),
                    },
                    { key: 'progress', label: t('progress'), hidden: !can.list, testId: `wf-monitor-progress-${id}`, onClick: () => openProgress(id) },
                    {
                      key: 'suspend',
                      label: t('suspend'),
                      hidden: !(open && can.suspend && !suspended),
                      testId: `wf-monitor-suspend-${id}`,
                      onClick: () => confirm(t('suspendConfirm', { name: r.processName }), () => taskApi.suspend(id), 'suspendOk'),
                    },
                    {
                      key: 'resume',
                      label: t('resume'),
                      hidden: !(open && can.suspend && suspended),
                      testId: `wf-monitor-resume-${id}`,
                      onClick: () => confirm(t('resumeConfirm', { name: r.processName }), () => taskApi.resume(id), 'resumeOk'),
                    },
                    {
                      key: 'assign',
                      label: t('assign'),
                      hidden: !(open && can.assign && !suspended),
                      testId: `wf-monitor-assign-${id}`,
                      onClick: () => setAssigning(r),
                    },
                    {
                      key: 'delete',
                      label: t('common:delete'),
                      danger: true,
                      hidden: !(tab === 'finished' && can.suspend),
                      disabled: !r.recycledTime,
                      title: r.recycledTime ? undefined : t('deleteNeedsRecycled'),
                      testId: `wf-monitor-delete-${id}`,
                      onClick: () => confirm(t('deleteConfirm', { name: r.processName }), () => taskApi.deleteInstance(id), 'deleteOk'),
                    },
                  ]}
                />
              );
            },
          },
        ]}
      />
      <AssignDialog row={assigning} onClose={() => setAssigning(null)} onDone={() => void refresh()} />
    </div>
  );
}
