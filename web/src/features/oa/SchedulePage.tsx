import { useMemo, useState } from 'react';
import { Badge, Button, Calendar, Card, Col, DatePicker, Empty, Form, Input, Row, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleBody, ScheduleEvent } from '@app/contracts';
import { scheduleApi } from './api';
import { dayjsLocale } from '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { UserPicker } from '../../components/pickers';
import { oaPermissions as P } from './permissions';
import { useZodRules } from '../../lib/zod-rules';
import { scheduleBody } from '@app/contracts';

const TIME = 'YYYY-MM-DD HH:mm:ss';
type ScheduleForm = Omit<ScheduleBody, 'F_StartTime' | 'F_EndTime' | 'F_AllDay'> & { range: [Dayjs, Dayjs]; allDay?: boolean };

function Participants({ value = [], onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const { t } = useTranslation('oa');
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  return (
    <>
      <Space wrap>
        <Button icon={<TeamOutlined />} onClick={() => setOpen(true)} data-testid="schedule-participants">
          {t('schedule.participants')} ({value.length})
        </Button>
        {names.map((n) => (
          <Tag key={n}>{n}</Tag>
        ))}
      </Space>
      <UserPicker
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(ids, users) => {
          setNames(users.map((u) => u.F_RealName));
          onChange?.(ids);
          setOpen(false);
        }}
      />
    </>
  );
}

/** Events overlapping one day. */
const onDay = (events: ScheduleEvent[], day: Dayjs) =>
  events.filter((e) => !dayjs(e.F_StartTime).isAfter(day.endOf('day')) && !dayjs(e.F_EndTime).isBefore(day.startOf('day')));

export default function SchedulePage() {
  const { t, i18n } = useTranslation('oa');
  const qc = useQueryClient();
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const [anchor, setAnchor] = useState(() => dayjs());
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<ScheduleForm> } | null>(null);
  const confirmDelete = useDeleteConfirm();
  const rules = useZodRules(scheduleBody);
  const can = { add: usePermission(P.scheduleAdd), edit: usePermission(P.scheduleEdit), del: usePermission(P.scheduleDelete) };
  const range = useMemo(
    () =>
      mode === 'month' ? [anchor.startOf('month').subtract(7, 'day'), anchor.endOf('month').add(14, 'day')] : [anchor.startOf('week'), anchor.endOf('week')],
    [mode, anchor],
  );
  const q = useQuery({
    queryKey: ['oa-schedule', range[0].format(TIME), range[1].format(TIME)],
    queryFn: () => scheduleApi.list(range[0].format(TIME), range[1].format(TIME)),
  });
  const events = q.data ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: ['oa-schedule'] });
  const add = (day: Dayjs) =>
    can.add && setEditing({ id: null, values: { range: [day.hour(9).minute(0).second(0), day.hour(10).minute(0).second(0)], F_Participants: [] } });
  const open = (e: ScheduleEvent) =>
    setEditing({
      id: e.F_ScheduleId,
      values: {
        F_Title: e.F_Title,
        F_Content: e.F_Content,
        range: [dayjs(e.F_StartTime), dayjs(e.F_EndTime)],
        allDay: e.F_AllDay === 1,
        F_Participants: e.F_Participants,
        F_RemindMinutes: e.F_RemindMinutes,
      },
    });
  const chip = (e: ScheduleEvent) => (
    <div
      key={e.F_ScheduleId}
      data-testid={`schedule-event-${e.F_ScheduleId}`}
      title={e.F_Title}
      onClick={(ev) => {
        ev.stopPropagation();
        open(e);
      }}
      style={{ cursor: 'pointer', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontSize: 12 }}
    >
      <Badge status={e.isOwner ? 'processing' : 'success'} text={`${e.F_AllDay ? '' : dayjs(e.F_StartTime).format('HH:mm') + ' '}${e.F_Title}`} />
    </div>
  );
  const editable = (id: string | null) => !id || (can.edit && events.find((e) => e.F_ScheduleId === id)?.isOwner);
  const week = Array.from({ length: 7 }, (_, i) => anchor.startOf('week').add(i, 'day'));
  return (
    <Card
      data-testid="schedule-page"
      title={t('schedule.title')}
      extra={
        <Space>
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            options={[
              { value: 'month', label: t('schedule.month') },
              { value: 'week', label: t('schedule.week') },
            ]}
            data-testid="schedule-mode"
          />
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => add(anchor)} data-testid="schedule-add">
              {t('common:add')}
            </Button>
          )}
        </Space>
      }
    >
      {mode === 'month' ? (
        <Calendar
          value={anchor}
          onPanelChange={(d) => setAnchor(d)}
          onSelect={(d, info) => {
            setAnchor(d);
            if (info.source === 'date') add(d);
          }}
          cellRender={(d, info) =>
            info.type === 'date' ? (
              <div data-testid={`schedule-day-${d.format('YYYY-MM-DD')}`}>
                {onDay(events, d).slice(0, 3).map(chip)}
                {onDay(events, d).length > 3 && <Typography.Text type="secondary">+{onDay(events, d).length - 3}</Typography.Text>}
              </div>
            ) : (
              info.originNode
            )
          }
        />
      ) : (
        <div data-testid="schedule-week">
          <Space style={{ marginBottom: 12 }}>
            <Button icon={<LeftOutlined />} onClick={() => setAnchor((a) => a.subtract(1, 'week'))} aria-label={t('schedule.prevWeek')} />
            <Button onClick={() => setAnchor(dayjs())}>{t('schedule.thisWeek')}</Button>
            <Button icon={<RightOutlined />} onClick={() => setAnchor((a) => a.add(1, 'week'))} aria-label={t('schedule.nextWeek')} />
            <Typography.Text strong>
              {week[0].format('YYYY-MM-DD')} ~ {week[6].format('YYYY-MM-DD')}
            </Typography.Text>
          </Space>
          <Row gutter={8} wrap={false} style={{ overflowX: 'auto' }}>
            {week.map((d) => {
              const list = onDay(events, d);
              return (
                <Col key={d.format('YYYY-MM-DD')} flex="1 0 130px">
                  <Card
                    size="small"
                    title={d.locale(dayjsLocale(i18n.language)).format('ddd MM-DD')}
                    styles={{ body: { minHeight: 320 } }}
                    onDoubleClick={() => add(d)}
                    style={d.isSame(dayjs(), 'day') ? { borderColor: '#1677ff' } : undefined}
                  >
                    {list.length ? list.map(chip) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.none')} />}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </div>
      )}
      <FormModal<ScheduleForm>
        open={!!editing}
        title={editing?.id ? t('schedule.edit') : t('schedule.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async ({ range: r, allDay, ...v }) => {
          const body: ScheduleBody = { ...v, F_StartTime: r[0].format(TIME), F_EndTime: r[1].format(TIME), F_AllDay: allDay ? 1 : 0 };
          if (editing?.id) await scheduleApi.update(editing.id, body);
          else await scheduleApi.add(body);
          await refresh();
        }}
      >
        <Form.Item name="F_Title" label={t('schedule.name')} rules={rules('F_Title', t('schedule.name'))}>
          <Input maxLength={200} data-testid="schedule-title" disabled={!editable(editing?.id ?? null)} />
        </Form.Item>
        {/* The picker gives both times at once as dates; the contract's time texts are made from them on saving. */}
        <Form.Item
          name="range"
          label={`${t('schedule.start')} ~ ${t('schedule.end')}`}
          rules={[{ required: true, message: t('common:required', { label: t('schedule.start') }) }]}
        >
          <DatePicker.RangePicker showTime format={TIME} />
        </Form.Item>
        <Form.Item name="allDay" label={t('schedule.allDay')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="F_Content" label={t('schedule.content')}>
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        <Form.Item name="F_Participants" label={t('schedule.participants')}>
          <Participants />
        </Form.Item>
        {editing?.id && can.del && editable(editing.id) && (
          <Form.Item label=" " colon={false}>
            <Button
              danger
              size="small"
              data-testid="schedule-delete"
              onClick={() =>
                confirmDelete(
                  String(editing.values.F_Title ?? ''),
                  () => scheduleApi.remove(String(editing.id)),
                  async () => {
                    setEditing(null);
                    await refresh();
                  },
                )
              }
            >
              {t('common:delete')}
            </Button>
          </Form.Item>
        )}
      </FormModal>
    </Card>
  );
}
