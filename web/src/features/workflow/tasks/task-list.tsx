import type { ReactNode } from 'react';
import { DatePicker, Form, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { InstanceRow, WorkflowTaskPageQuery } from '@app/contracts';
import { ListPage, type ListPageProps, type ListQuery } from '../../../components/ListPage';
import { taskApi, taskKeys } from '../task-api';

export const TASK_TABS = ['todo', 'done', 'mine', 'circulated', 'drafts', 'recycle'] as const;
export type TaskTab = (typeof TASK_TABS)[number];
const DAY = 'YYYY-MM-DD';

/** The query bar's values → the list query (scheme, creation date range). */
export function toTaskQuery(values: Record<string, unknown>): Record<string, string | undefined> {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  const keyword = typeof values.keyword === 'string' && values.keyword.trim() ? values.keyword.trim() : undefined;
  return {
    keyword,
    F_SchemeId: (values.F_SchemeId as string | undefined) || undefined,
    startTime: range?.[0]?.format(DAY),
    endTime: range?.[1]?.format(DAY),
  };
}

export const asQuery = (q: ListQuery) => q as unknown as WorkflowTaskPageQuery;

/** Instance states (InstanceRow.state) as tags. */
export function StateTag({ row }: { row: Pick<InstanceRow, 'state' | 'isSuspended'> }) {
  const { t } = useTranslation('wfTask');
  const state = row.isSuspended ? 'suspended' : row.state;
  const color: Record<string, string> = { running: 'processing', suspended: 'warning', completed: 'success', recalled: 'default', terminated: 'error' };
  return <Tag color={color[state] ?? 'default'}>{t(`state.${state}`, { defaultValue: state })}</Tag>;
}

/** The process name as the row's link (opens the approval screen or the draft). */
export function NameLink({ children, onClick, testId }: { children: ReactNode; onClick: () => void; testId: string }) {
  return (
    <Typography.Link onClick={onClick} data-testid={testId} style={{ whiteSpace: 'normal' }}>
      {children}
    </Typography.Link>
  );
}

function Filters() {
  const { t } = useTranslation('wfTask');
  const schemes = useQuery({ queryKey: [...taskKeys.all, 'launchable'], queryFn: () => taskApi.launchable() });
  return (
    <>
      <Form.Item name="F_SchemeId">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('scheme')}
          style={{ width: 180 }}
          options={(schemes.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: s.F_Name }))}
          data-testid="wf-task-filter-scheme"
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker style={{ width: 240 }} data-testid="wf-task-filter-range" />
      </Form.Item>
    </>
  );
}

/** A list tab: ListPage with the task filters. */
export function TaskList<T extends object>(props: Omit<ListPageProps<T>, 'filters' | 'toQuery'>) {
  const { t } = useTranslation('wfTask');
  return <ListPage<T> keywordPlaceholder={t('keyword')} filters={<Filters />} toQuery={toTaskQuery} {...props} />;
}
