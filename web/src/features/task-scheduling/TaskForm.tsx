import { useEffect, useState } from 'react';
import { Alert, Button, Collapse, DatePicker, Dropdown, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  TASK_LIMITS,
  taskSchedulingBody,
  type TaskSchedulePreviewBody,
  type TaskSchedulingBody,
  type TaskSchedulingDetail,
  type TaskType,
} from '@app/contracts';
import { taskApi } from './api';
import { ReportDeliverySettings } from './ReportDelivery';
import { UsersField } from './UsersField';
import { interfaceApi } from '../data/api';
import { mono, useLinks } from '../data/shared';
import '../../lib/dayjs-locale';
import { FormModal } from '../../components/crud';
import { useZodRules } from '../../lib/zod-rules';
import {
  CRON_PRESETS,
  CRON_SECOND_PRESETS,
  INTERVAL_UNITS,
  describeCron,
  intervalParts,
  intervalSeconds,
  timeZoneChoices,
  type IntervalUnit,
} from './schedule';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The dialog's values: the body's fields, with the interval as number + unit, the time as a date and params as rows. */
export interface TaskFormValues {
  F_Name: string;
  F_Type: TaskType;
  F_Config: {
    dbLinkId?: string;
    sql?: string;
    interfaceId?: string;
    keepDays?: number;
    /** reportDelivery: the report, its parameter values (empty: the report's default), the format, the recipients. */
    reportId?: string;
    params?: Record<string, string | undefined>;
    format?: 'xlsx' | 'pdf';
    recipients?: string[];
  };
  paramRows?: { key?: string; value?: string }[];
  F_ScheduleType: 'cron' | 'interval' | 'once';
  F_Cron?: string;
  intervalValue?: number;
  intervalUnit?: IntervalUnit;
  runAt?: Dayjs | null;
  F_TimeZone?: string;
  F_Misfire: TaskSchedulingBody['F_Misfire'];
  F_MisfireCap?: number;
  F_Overlap: TaskSchedulingBody['F_Overlap'];
  F_TimeoutSeconds?: number;
  F_RetryCount?: number;
  F_RetryDelaySeconds?: number;
  F_AlertAfter?: number;
  F_AlertUserIds?: string[];
  F_Description?: string;
  enabled?: boolean;
}

/** The default keep-days of the clean-up types (the contract's defaults). */
const KEEP_DAYS: Partial<Record<TaskType, number>> = { clearLogs: 90, clearFileTrash: 30 };

/** The part of the values that says when the task runs, as the preview call and the body carry it. */
export function scheduleOf(v: Partial<Pick<TaskFormValues, 'F_ScheduleType' | 'F_Cron' | 'intervalValue' | 'intervalUnit' | 'runAt' | 'F_TimeZone'>>) {
  const kind = v.F_ScheduleType ?? 'cron';
  return {
    F_ScheduleType: kind,
    F_Cron: kind === 'cron' ? (v.F_Cron ?? '').trim() : '',
    F_IntervalSeconds: kind === 'interval' && v.intervalValue ? intervalSeconds(v.intervalValue, v.intervalUnit ?? 'seconds') : null,
    F_RunAt: kind === 'once' && v.runAt ? v.runAt.format(TIME) : null,
    F_TimeZone: v.F_TimeZone ?? '',
  } satisfies TaskSchedulePreviewBody;
}

/** The settings of the chosen type only (a changed type leaves nothing of the other's behind). */
export function configOf(v: Pick<TaskFormValues, 'F_Type' | 'F_Config' | 'paramRows'>): Record<string, unknown> {
  const c = v.F_Config ?? {};
  switch (v.F_Type) {
    case 'sql':
      return { dbLinkId: c.dbLinkId ?? '', sql: c.sql ?? '' };
    case 'interface':
      return {
        interfaceId: c.interfaceId ?? '',
        params: Object.fromEntries((v.paramRows ?? []).filter((r) => r.key?.trim()).map((r) => [r.key!.trim(), r.value ?? ''])),
      };
    case 'reportDelivery':
      return {
        reportId: c.reportId ?? '',
        // A parameter left empty takes the report's default when the task runs.
        params: Object.fromEntries(
          Object.entries(c.params ?? {})
            .map(([k, value]) => [k, (value ?? '').trim()])
            .filter(([, value]) => value !== ''),
        ),
        format: c.format ?? 'xlsx',
        recipients: c.recipients ?? [],
      };
    default:
      return { keepDays: c.keepDays ?? KEEP_DAYS[v.F_Type] ?? 30 };
  }
}

/** The POST / PUT body from the dialog's values. */
export function toBody(v: TaskFormValues): TaskSchedulingBody {
  return {
    F_Name: v.F_Name,
    F_Type: v.F_Type,
    F_Config: configOf(v),
    ...scheduleOf(v),
    F_Misfire: v.F_Misfire ?? 'once',
    F_MisfireCap: v.F_MisfireCap ?? 10,
    F_Overlap: v.F_Overlap ?? 'skip',
    F_TimeoutSeconds: v.F_TimeoutSeconds ?? 300,
    F_RetryCount: v.F_RetryCount ?? 0,
    F_RetryDelaySeconds: v.F_RetryDelaySeconds ?? 30,
    F_AlertAfter: v.F_AlertAfter ?? 0,
    F_AlertUserIds: v.F_AlertUserIds ?? [],
    F_Description: v.F_Description ?? '',
    F_EnabledMark: v.enabled ? 1 : 0,
  };
}

/** A new task's values: the first type this server runs, daily at 02:00, the contract's policy defaults. */
export function newTaskValues(types: TaskType[]): Partial<TaskFormValues> {
  return {
    F_Type: types[0] ?? 'sql',
    F_Config: { format: 'xlsx', recipients: [] },
    paramRows: [],
    F_ScheduleType: 'cron',
    F_Cron: '0 2 * * *',
    intervalValue: 1,
    intervalUnit: 'hours',
    F_TimeZone: '',
    F_Misfire: 'once',
    F_MisfireCap: 10,
    F_Overlap: 'skip',
    F_TimeoutSeconds: 300,
    F_RetryCount: 0,
    F_RetryDelaySeconds: 30,
    F_AlertAfter: 3,
    F_AlertUserIds: [],
    enabled: false,
  };
}

/** A stored task's values for the dialog. */
export function detailValues(d: TaskSchedulingDetail): Partial<TaskFormValues> {
  const c = d.F_Config as Record<string, unknown>;
  const { value, unit } = intervalParts(d.F_IntervalSeconds);
  const params = (c.params ?? {}) as Record<string, string>;
  return {
    F_Name: d.F_Name,
    F_Type: d.F_Type as TaskType,
    F_Config: {
      dbLinkId: c.dbLinkId as string | undefined,
      sql: c.sql as string | undefined,
      interfaceId: c.interfaceId as string | undefined,
      keepDays: c.keepDays as number | undefined,
      reportId: c.reportId as string | undefined,
      params: Object.fromEntries(Object.entries(params as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])),
      format: (c.format as 'xlsx' | 'pdf' | undefined) ?? 'xlsx',
      recipients: (c.recipients as string[] | undefined) ?? [],
    },
    paramRows: Object.entries(params).map(([key, v]) => ({ key, value: String(v) })),
    F_ScheduleType: d.F_ScheduleType,
    F_Cron: d.F_Cron,
    intervalValue: value,
    intervalUnit: unit,
    runAt: d.F_RunAt ? dayjs(d.F_RunAt) : null,
    F_TimeZone: d.F_TimeZone,
    F_Misfire: d.F_Misfire,
    F_MisfireCap: d.F_MisfireCap,
    F_Overlap: d.F_Overlap,
    F_TimeoutSeconds: d.F_TimeoutSeconds,
    F_RetryCount: d.F_RetryCount,
    F_RetryDelaySeconds: d.F_RetryDelaySeconds,
    F_AlertAfter: d.F_AlertAfter,
    F_AlertUserIds: d.F_AlertUserIds,
    F_Description: d.F_Description,
    enabled: d.F_EnabledMark === 1,
  };
}

export interface TaskFormModalProps {
  open: boolean;
  /** The task edited (its detail), or null for a new one. */
  detail: TaskSchedulingDetail | null;
  /** The types this server runs (GET /task-scheduling/types). */
  types: TaskType[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** 新增 / 编辑 定时任务: name and type, the type's settings, when it runs (with the next five times), policies, alerts. */
export function TaskFormModal({ open, detail, types, onClose, onSaved }: TaskFormModalProps) {
  const { t } = useTranslation('taskScheduling');
  return (
    <FormModal<TaskFormValues>
      open={open}
      width={820}
      title={detail ? t('form.editTitle') : t('form.addTitle')}
      editing={!!detail}
      initialValues={detail ? detailValues(detail) : newTaskValues(types)}
      onClose={onClose}
      testId="task-form"
      onSubmit={async (v) => {
        const body = toBody(v);
        if (detail) await taskApi.update(detail.F_Id, body);
        else await taskApi.add(body);
        await onSaved();
      }}
    >
      <TaskFields types={types} alertUserNames={detail?.F_AlertUserNames ?? []} />
    </FormModal>
  );
}

function TaskFields({ types, alertUserNames }: { types: TaskType[]; alertUserNames: string[] }) {
  const { t } = useTranslation('taskScheduling');
  const rules = useZodRules(taskSchedulingBody);
  const type = Form.useWatch('F_Type') as TaskType | undefined;
  const kind = Form.useWatch('F_ScheduleType') as TaskFormValues['F_ScheduleType'] | undefined;
  // A stored task of a type this server no longer runs still shows its type.
  const typeChoices = type && !types.includes(type) ? [...types, type] : types;
  return (
    <>
      <Form.Item name="F_Name" label={t('task.name')} rules={rules('F_Name', t('task.name'), { messages: { required: t('task.nameRequired') } })}>
        <Input maxLength={100} data-testid="task-name" />
      </Form.Item>
      <Form.Item
        name="F_Type"
        label={t('task.type')}
        rules={[{ required: true, message: t('task.typeUnknown') }]}
        extra={type ? t(`typeHelp.${type}`) : undefined}
      >
        <Select data-testid="task-type" options={typeChoices.map((k) => ({ value: k, label: t(`types.${k}`) }))} />
      </Form.Item>
      {type === 'sql' && <SqlSettings />}
      {type === 'interface' && <InterfaceSettings />}
      {type === 'reportDelivery' && <ReportDeliverySettings />}
      {(type === 'clearLogs' || type === 'clearFileTrash') && (
        <Form.Item
          name={['F_Config', 'keepDays']}
          label={t('form.keepDays')}
          initialValue={KEEP_DAYS[type]}
          rules={[{ required: true, message: t('form.keepDaysRequired') }]}
          extra={t(`form.keepDaysHelp.${type}`)}
        >
          <InputNumber
            min={type === 'clearLogs' ? 1 : 0}
            max={3650}
            precision={0}
            suffix={t('form.days')}
            style={{ width: 180 }}
            data-testid="task-keep-days"
          />
        </Form.Item>
      )}

      <Form.Item name="F_ScheduleType" label={t('form.scheduleKind')}>
        <Radio.Group
          data-testid="task-schedule-kind"
          options={(['cron', 'interval', 'once'] as const).map((k) => ({
            value: k,
            label: <span data-testid={`task-kind-${k}`}>{t(`form.kinds.${k}`)}</span>,
          }))}
        />
      </Form.Item>
      {kind === 'cron' && <CronField />}
      {kind === 'interval' && <IntervalField />}
      {kind === 'once' && (
        <Form.Item name="runAt" label={t('form.runAt')} rules={[{ required: true, message: t('form.runAtRequired') }]}>
          <DatePicker showTime format={TIME} disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="task-run-at" style={{ width: 240 }} />
        </Form.Item>
      )}
      <Form.Item name="F_TimeZone" label={t('form.timeZone')} extra={t('form.timeZoneHelp')}>
        <TimeZoneSelect />
      </Form.Item>
      <SchedulePreview />

      <Collapse
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'advanced',
            label: <span data-testid="task-advanced">{t('form.advanced')}</span>,
            forceRender: true,
            children: <Policies alertUserNames={alertUserNames} />,
          },
        ]}
      />
      <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
        <Input.TextArea rows={2} maxLength={500} data-testid="task-description" />
      </Form.Item>
      <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked" extra={t('form.enabledHelp')}>
        <Switch data-testid="task-enabled" />
      </Form.Item>
    </>
  );
}

function SqlSettings() {
  const { t } = useTranslation('taskScheduling');
  const links = useLinks();
  const linkId = Form.useWatch(['F_Config', 'dbLinkId']) as string | undefined;
  const link = links.data?.find((l) => l.F_Id === linkId);
  return (
    <>
      <Form.Item name={['F_Config', 'dbLinkId']} label={t('form.dbLink')} rules={[{ required: true, message: t('task.configDbLink') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={links.isLoading}
          data-testid="task-db-link"
          placeholder={t('form.dbLinkPlaceholder')}
          options={(links.data ?? []).map((l) => ({ value: l.F_Id, label: l.F_DBAlias }))}
        />
      </Form.Item>
      {link && (
        <Form.Item label=" " colon={false}>
          <Alert
            type={link.F_TaskWritable === 1 ? 'warning' : 'info'}
            showIcon
            title={t(link.F_IsDefault ? 'form.linkPlatform' : link.F_TaskWritable === 1 ? 'form.linkWritable' : 'form.linkReadOnly')}
            data-testid="task-link-mode"
          />
        </Form.Item>
      )}
      <Form.Item
        name={['F_Config', 'sql']}
        label={t('form.sql')}
        rules={[
          { required: true, whitespace: true, message: t('task.configSql') },
          { max: 20_000, message: t('task.configSql') },
        ]}
      >
        <Input.TextArea rows={5} spellCheck={false} style={mono} placeholder="select count(*) from …" data-testid="task-sql" />
      </Form.Item>
    </>
  );
}

function InterfaceSettings() {
  const { t } = useTranslation('taskScheduling');
  const list = useQuery({ queryKey: ['task-interface-choices'], queryFn: () => interfaceApi.list({ limit: 1, size: 500 }), staleTime: 30_000 });
  return (
    <>
      <Form.Item name={['F_Config', 'interfaceId']} label={t('form.interface')} rules={[{ required: true, message: t('task.configInterface') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={list.isLoading}
          data-testid="task-interface"
          placeholder={t('form.interfacePlaceholder')}
          options={(list.data?.Rows ?? []).map((i) => ({ value: i.F_Id, label: `${i.F_Name} (${i.F_Code})` }))}
        />
      </Form.Item>
      <Form.Item label={t('form.params')} extra={t('form.paramsHelp')}>
        <Form.List name="paramRows">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space.Compact key={f.key} block>
                  <Form.Item name={[f.name, 'key']} noStyle rules={[{ max: 100, message: t('form.paramKeyTooLong') }]}>
                    <Input placeholder={t('form.paramKey')} style={{ width: '40%' }} data-testid={`task-param-key-${i}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} noStyle rules={[{ max: 2000, message: t('form.paramValueTooLong') }]}>
                    <Input placeholder={t('form.paramValue')} data-testid={`task-param-value-${i}`} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common:delete')} data-testid={`task-param-remove-${i}`} />
                </Space.Compact>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })} data-testid="task-param-add">
                {t('form.paramAdd')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}

function CronField() {
  const { t } = useTranslation('taskScheduling');
  const form = Form.useFormInstance<TaskFormValues>();
  const cron = (Form.useWatch('F_Cron') as string | undefined) ?? '';
  const words = cron.trim() ? describeCron(cron, t) : null;
  const preset = (list: typeof CRON_PRESETS, group: string) =>
    list.map((p) => ({
      key: `${group}:${p.cron}`,
      label: (
        <span data-testid={`task-preset-${group}-${p.key}`}>
          {t(`presets.${p.key}`)} <Typography.Text type="secondary" style={mono}>{`  ${p.cron}`}</Typography.Text>
        </span>
      ),
    }));
  return (
    <Form.Item label={t('form.cron')} required extra={t('form.cronHelp')}>
      <Space.Compact block>
        <Form.Item
          name="F_Cron"
          noStyle
          rules={[
            { required: true, whitespace: true, message: t('form.cronRequired') },
            { max: TASK_LIMITS.cronLength, message: t('form.cronTooLong', { max: TASK_LIMITS.cronLength }) },
          ]}
        >
          <Input spellCheck={false} style={mono} placeholder="0 2 * * *" data-testid="task-cron" />
        </Form.Item>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { type: 'group', key: 'five', label: t('form.presetsFive'), children: preset(CRON_PRESETS, 'five') },
              { type: 'group', key: 'six', label: t('form.presetsSix'), children: preset(CRON_SECOND_PRESETS, 'six') },
            ],
            onClick: ({ key }) => form.setFieldValue('F_Cron', key.slice(key.indexOf(':') + 1)),
          }}
        >
          <Button data-testid="task-cron-presets">
            {t('form.presets')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space.Compact>
      {words && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }} data-testid="task-cron-words">
          {words}
        </Typography.Text>
      )}
    </Form.Item>
  );
}

function IntervalField() {
  const { t } = useTranslation('taskScheduling');
  return (
    <Form.Item label={t('form.interval')} required extra={t('form.intervalHelp', { min: TASK_LIMITS.minGapSeconds })}>
      <Space.Compact>
        <Form.Item
          name="intervalValue"
          noStyle
          dependencies={['intervalUnit']}
          rules={[
            { required: true, message: t('form.intervalRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: number | null) => {
                if (!value) return Promise.resolve();
                const s = intervalSeconds(value, (getFieldValue('intervalUnit') as IntervalUnit) ?? 'seconds');
                if (s < TASK_LIMITS.minGapSeconds) return Promise.reject(new Error(t('form.intervalTooShort', { min: TASK_LIMITS.minGapSeconds })));
                if (s > TASK_LIMITS.maxIntervalSeconds) return Promise.reject(new Error(t('form.intervalTooLong')));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <InputNumber min={1} precision={0} style={{ width: 140 }} data-testid="task-interval" />
        </Form.Item>
        <Form.Item name="intervalUnit" noStyle>
          <Select
            style={{ width: 120 }}
            data-testid="task-interval-unit"
            options={(Object.keys(INTERVAL_UNITS) as IntervalUnit[]).map((u) => ({ value: u, label: t(`form.units.${u}`) }))}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

function TimeZoneSelect({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation('taskScheduling');
  const [choices] = useState(timeZoneChoices);
  return (
    <Select
      showSearch
      value={value ?? ''}
      onChange={(v) => onChange?.(v ?? '')}
      style={{ width: 280 }}
      data-testid="task-time-zone"
      options={[{ value: '', label: t('form.platformZone') }, ...choices.map((z) => ({ value: z, label: z }))]}
    />
  );
}

/** A value that follows another one after it stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

const watchSchedule = (v: Partial<TaskFormValues>) => scheduleOf(v);

/** The next five run times as the server computes them, or its reason for refusing the schedule (in red). */
function SchedulePreview() {
  const { t } = useTranslation('taskScheduling');
  const body = Form.useWatch(watchSchedule);
  const ready =
    (body.F_ScheduleType === 'cron' && !!body.F_Cron) ||
    (body.F_ScheduleType === 'interval' && !!body.F_IntervalSeconds) ||
    (body.F_ScheduleType === 'once' && !!body.F_RunAt);
  const key = useDebounced(ready ? JSON.stringify(body) : '', 400);
  const preview = useQuery({
    queryKey: ['task-schedule-preview', key],
    queryFn: () => taskApi.preview(JSON.parse(key) as TaskSchedulePreviewBody),
    enabled: !!key,
    retry: false,
    staleTime: 10_000,
  });
  return (
    <Form.Item label={t('form.preview')} data-testid="task-preview">
      {!key ? (
        <Typography.Text type="secondary">{t('form.previewEmpty')}</Typography.Text>
      ) : preview.isError ? (
        <Typography.Text type="danger" data-testid="task-preview-error">
          {preview.error.message}
        </Typography.Text>
      ) : preview.data ? (
        <div data-testid="task-preview-times">
          <Space size={[4, 4]} wrap>
            {preview.data.times.map((time) => (
              <Tag key={time} style={mono}>
                {time}
              </Tag>
            ))}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 2 }}>
            {t('form.previewZone', { zone: preview.data.timeZone })}
          </Typography.Text>
        </div>
      ) : (
        <Typography.Text type="secondary">{t('form.previewLoading')}</Typography.Text>
      )}
    </Form.Item>
  );
}

function Policies({ alertUserNames }: { alertUserNames: string[] }) {
  const { t } = useTranslation('taskScheduling');
  const misfire = Form.useWatch('F_Misfire') as TaskFormValues['F_Misfire'] | undefined;
  const overlap = Form.useWatch('F_Overlap') as TaskFormValues['F_Overlap'] | undefined;
  const retries = (Form.useWatch('F_RetryCount') as number | undefined) ?? 0;
  const delay = (Form.useWatch('F_RetryDelaySeconds') as number | undefined) ?? 30;
  const waits = Array.from({ length: Math.min(retries, 4) }, (_, i) => `${delay * 2 ** i} s`);
  return (
    <>
      <Form.Item name="F_Misfire" label={t('form.misfire')} extra={misfire ? t(`form.misfireHelp.${misfire}`) : undefined}>
        <Radio.Group data-testid="task-misfire" options={MISFIRE_POLICIES.map((m) => ({ value: m, label: t(`form.misfires.${m}`) }))} />
      </Form.Item>
      {misfire === 'all' && (
        <Form.Item name="F_MisfireCap" label={t('form.misfireCap')} rules={[{ required: true, message: t('form.misfireCap') }]}>
          <InputNumber min={1} max={TASK_LIMITS.maxMisfireCap} precision={0} data-testid="task-misfire-cap" />
        </Form.Item>
      )}
      <Form.Item name="F_Overlap" label={t('form.overlap')} extra={overlap ? t(`form.overlapHelp.${overlap}`) : undefined}>
        <Radio.Group data-testid="task-overlap" options={OVERLAP_POLICIES.map((m) => ({ value: m, label: t(`form.overlaps.${m}`) }))} />
      </Form.Item>
      <Form.Item name="F_TimeoutSeconds" label={t('form.timeout')} extra={t('form.timeoutHelp')}>
        <InputNumber min={1} max={TASK_LIMITS.maxTimeoutSeconds} precision={0} suffix={t('form.seconds')} style={{ width: 180 }} data-testid="task-timeout" />
      </Form.Item>
      <Form.Item label={t('form.retries')} extra={retries > 0 ? t('form.retryHelp', { waits: waits.join(', ') }) : t('form.retryNone')}>
        <Space wrap>
          <Form.Item name="F_RetryCount" noStyle>
            <InputNumber min={0} max={TASK_LIMITS.maxRetries} precision={0} suffix={t('form.times')} style={{ width: 120 }} data-testid="task-retries" />
          </Form.Item>
          <span>{t('form.retryDelay')}</span>
          <Form.Item name="F_RetryDelaySeconds" noStyle>
            <InputNumber
              min={1}
              max={TASK_LIMITS.maxRetryDelaySeconds}
              precision={0}
              suffix={t('form.seconds')}
              style={{ width: 140 }}
              disabled={retries === 0}
              data-testid="task-retry-delay"
            />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="F_AlertAfter" label={t('form.alertAfter')} extra={t('form.alertAfterHelp')}>
        <InputNumber min={0} max={100} precision={0} suffix={t('form.times')} style={{ width: 140 }} data-testid="task-alert-after" />
      </Form.Item>
      <Form.Item name="F_AlertUserIds" label={t('form.alertUsers')}>
        <UsersField
          initialNames={alertUserNames}
          max={TASK_LIMITS.maxAlertUsers}
          buttonText={t('form.chooseUsers')}
          pickerTitle={t('form.alertUsers')}
          tooMany={t('form.tooManyUsers', { max: TASK_LIMITS.maxAlertUsers })}
          testId="task-alert-users"
        />
      </Form.Item>
    </>
  );
}
