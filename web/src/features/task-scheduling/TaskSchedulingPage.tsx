import { useMemo, useState } from 'react';
import { App, Form, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TASK_TYPES, type TaskSchedulingDetail, type TaskSchedulingRow } from '@app/contracts';
import { taskApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage, type ListQuery } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { RowActions } from '../../components/RowActions';
import { taskSchedulingPermissions as P } from './permissions';
import { ACTIVE_STATES, STATE_COLORS, describeSchedule, zoneToName } from './schedule';
import { TaskFormModal } from './TaskForm';
import { TASK_LOG_PATH, TASK_OPTIONS_KEY, TASK_TYPES_KEY, useAutoRefresh, usePlatformZone } from './shared';

const LIST_KEY = 'task-scheduling';

/** 定时任务: the tenant's scheduled tasks, their schedule in words, state, next and last run; add, edit, start / stop, run now. */
export default function TaskSchedulingPage() {
  const { t } = useTranslation('taskScheduling');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const confirmDelete = useDeleteConfirm();
  const can = {
    edit: usePermission(P.edit),
    del: usePermission(P.delete),
    toggle: usePermission(P.toggle),
    run: usePermission(P.run),
    log: usePermission(P.logList),
  };
  const [editing, setEditing] = useState<{ detail: TaskSchedulingDetail | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The types this server runs (a type whose runner is not installed here is not offered).
  const types = useQuery({ queryKey: [TASK_TYPES_KEY], queryFn: taskApi.types, staleTime: 60_000 });
  const platformZone = usePlatformZone();
  const typeKeys = useMemo(() => (types.data ?? []).map((x) => x.key), [types.data]);
  const { watch, refresh } = useAutoRefresh(LIST_KEY, (r: TaskSchedulingRow) => !!r.F_LastState && ACTIVE_STATES.has(r.F_LastState));
  const fetch = async (q: ListQuery) => watch(await taskApi.list(q));
  const edit = async (r: TaskSchedulingRow) => {
    setBusy(`edit-${r.F_Id}`);
    try {
      setEditing({ detail: await taskApi.detail(r.F_Id) });
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(null);
    }
  };
  const openLog = (taskId: string) => navigate(`${TASK_LOG_PATH}?taskId=${encodeURIComponent(taskId)}`);

  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await run();
      void message.success(done);
      await refresh();
    } catch {
      // The api client has shown the server's refusal.
    } finally {
      setBusy(null);
    }
  };
  const runNow = async (r: TaskSchedulingRow) => {
    setBusy(`run-${r.F_Id}`);
    try {
      await taskApi.run(r.F_Id);
      void message.success({
        content: (
          <span data-testid="task-run-queued">
            {t('task.runQueued', { name: r.F_Name })}{' '}
            {can.log && (
              <Typography.Link onClick={() => openLog(r.F_Id)} data-testid="task-run-open-log">
                {t('task.viewLog')}
              </Typography.Link>
            )}
          </span>
        ),
        duration: 6,
      });
      await refresh();
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ListPage<TaskSchedulingRow>
        testId="task-scheduling-page"
        queryKey={LIST_KEY}
        rowKey="F_Id"
        rowTestId={(r) => `task-row-${r.F_Id}`}
        keywordPlaceholder={t('task.keyword')}
        fetch={fetch}
        filters={
          <>
            <Form.Item name="state">
              <Select
                allowClear
                placeholder={t('task.state')}
                style={{ width: 120 }}
                data-testid="task-state-filter"
                options={[
                  { value: 1, label: t('task.started') },
                  { value: 0, label: t('task.stopped') },
                ]}
              />
            </Form.Item>
            <Form.Item name="type">
              <Select
                allowClear
                placeholder={t('task.type')}
                style={{ width: 160 }}
                data-testid="task-type-filter"
                options={TASK_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.add,
            testId: 'task-add',
            onClick: () => setEditing({ detail: null }),
          },
        ]}
        columns={[
          {
            title: t('task.name'),
            dataIndex: 'F_Name',
            render: (v: string, r) => (
              <>
                <Typography.Text strong>{v}</Typography.Text>
                {r.F_Description && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: r.F_Description }} style={{ display: 'block', maxWidth: 220, fontSize: 12 }}>
                    {r.F_Description}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('task.type'), dataIndex: 'F_Type', render: (v: string) => t(`types.${v}`, { defaultValue: v }) },
          {
            title: t('task.schedule'),
            key: 'schedule',
            render: (_, r) => (
              <Tooltip title={r.F_ScheduleType === 'cron' ? r.F_Cron : undefined}>
                <span data-testid={`task-schedule-${r.F_Id}`}>
                  {describeSchedule(r, t)}
                  {zoneToName(r.F_TimeZone, platformZone) && (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {r.F_TimeZone}
                    </Typography.Text>
                  )}
                </span>
              </Tooltip>
            ),
          },
          {
            title: t('task.state'),
            dataIndex: 'F_EnabledMark',
            render: (v: number, r) =>
              v === 1 ? (
                <Tag color="green" data-testid={`task-state-${r.F_Id}`}>
                  {t('task.started')}
                </Tag>
              ) : (
                <Tag data-testid={`task-state-${r.F_Id}`}>{t('task.stopped')}</Tag>
              ),
          },
          { title: t('task.nextRun'), dataIndex: 'F_NextRunTime', render: (v: string | null) => v ?? '-' },
          {
            title: t('task.lastRun'),
            key: 'last',
            render: (_, r) =>
              r.F_LastRunTime ? (
                <Space size={[4, 2]} wrap style={{ maxWidth: 190 }}>
                  <span style={{ whiteSpace: 'nowrap' }}>{r.F_LastRunTime}</span>
                  {r.F_LastState && (
                    <Tag color={STATE_COLORS[r.F_LastState]} data-testid={`task-last-state-${r.F_Id}`}>
                      {t(`states.${r.F_LastState}`)}
                    </Tag>
                  )}
                  {r.F_ConsecutiveFailures > 0 && (
                    <Tooltip title={t('task.failuresHelp', { count: r.F_ConsecutiveFailures })}>
                      <Typography.Text type="danger" data-testid={`task-failures-${r.F_Id}`}>
                        <WarningOutlined /> {t('task.failures', { count: r.F_ConsecutiveFailures })}
                      </Typography.Text>
                    </Tooltip>
                  )}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('task.neverRun')}</Typography.Text>
              ),
          },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, r) => (
              <RowActions
                wrap
                actions={[
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    loading: busy === `edit-${r.F_Id}`,
                    testId: `task-edit-${r.F_Id}`,
                    onClick: () => edit(r),
                  },
                  r.F_EnabledMark === 1
                    ? {
                        key: 'stop',
                        label: t('task.stop'),
                        hidden: !can.toggle,
                        loading: busy === `stop-${r.F_Id}`,
                        testId: `task-stop-${r.F_Id}`,
                        onClick: () => act(`stop-${r.F_Id}`, () => taskApi.stop(r.F_Id), t('task.stoppedOk', { name: r.F_Name })),
                      }
                    : {
                        key: 'start',
                        label: t('task.start'),
                        hidden: !can.toggle,
                        loading: busy === `start-${r.F_Id}`,
                        testId: `task-start-${r.F_Id}`,
                        onClick: () => act(`start-${r.F_Id}`, () => taskApi.start(r.F_Id), t('task.startedOk', { name: r.F_Name })),
                      },
                  {
                    key: 'run',
                    label: t('task.run'),
                    hidden: !can.run,
                    loading: busy === `run-${r.F_Id}`,
                    testId: `task-run-${r.F_Id}`,
                    onClick: () => runNow(r),
                  },
                  { key: 'log', label: t('task.log'), hidden: !can.log, testId: `task-log-${r.F_Id}`, onClick: () => openLog(r.F_Id) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `task-delete-${r.F_Id}`,
                    onClick: () => confirmDelete(r.F_Name, () => taskApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <TaskFormModal
        detail={editing?.detail ?? null}
        open={!!editing}
        types={typeKeys}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          await refresh();
          await qc.invalidateQueries({ queryKey: [TASK_OPTIONS_KEY] });
        }}
      />
    </>
  );
}
