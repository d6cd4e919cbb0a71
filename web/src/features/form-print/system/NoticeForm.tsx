import { useImperativeHandle } from 'react';
import { Alert, DatePicker, Flex, Form, Input, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { NoticeBody } from '@app/contracts';
import { noticeFormApi } from '../api';
import '../../../lib/dayjs-locale';
import type { SystemFormProps } from '../system-forms';
import { fieldRights } from './authority';

const TIME = 'YYYY-MM-DD HH:mm:ss';
/** formIds of the fields (as declared in the registry). */
const TITLE = 1;
const CONTENT = 2;
const SEND_TIME = 3;

interface NoticeValues {
  F_FullHead: string;
  F_Content?: string;
  F_SendTime?: Dayjs | null;
}

export const noticeKey = (id: string) => ['system-form', 'oaNotice', id] as const;

/**
 * The built-in system form `oaNotice`: a notice of 行政办公 › 通知 (title, content, send time) over the notices'
 * own API (POST /notice, PUT / GET /notice/{id}). New notices are drafts; publishing stays on the notice page.
 */
export default function NoticeForm({ keyValue, mode, authority, ref }: SystemFormProps) {
  const { t } = useTranslation('oa');
  const [form] = Form.useForm<NoticeValues>();
  const record = useQuery({
    queryKey: noticeKey(keyValue ?? ''),
    queryFn: () => noticeFormApi.get(keyValue!),
    enabled: !!keyValue,
  });

  useImperativeHandle(
    ref,
    () => ({
      validate: async () => {
        await form.validateFields();
      },
      save: async () => {
        const v = await form.validateFields();
        const body: NoticeBody = { F_FullHead: v.F_FullHead, F_Content: v.F_Content ?? '', F_SendTime: v.F_SendTime ? v.F_SendTime.format(TIME) : undefined };
        if (keyValue) {
          await noticeFormApi.update(keyValue, body);
          return keyValue;
        }
        return (await noticeFormApi.add(body)).F_NoticeId;
      },
    }),
    [form, keyValue],
  );

  if (record.error) return <Alert type="error" showIcon title={record.error.message} data-testid="notice-form-error" />;
  if (keyValue && !record.data)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );

  const d = record.data;
  const initial: NoticeValues = d
    ? { F_FullHead: d.F_FullHead, F_Content: d.F_Content, F_SendTime: d.F_SendTime ? dayjs(d.F_SendTime) : null }
    : { F_FullHead: '' };
  const rights = (formId: number, label: string) => fieldRights(authority, formId, mode, label);
  const title = rights(TITLE, t('notice.title'));
  const content = rights(CONTENT, t('notice.content'));
  const sendTime = rights(SEND_TIME, t('notice.sendTime'));
  return (
    <Form<NoticeValues> form={form} colon={false} labelCol={{ flex: '120px' }} initialValues={initial} data-testid="notice-form">
      {/* A hidden field keeps its value (the API needs the title on every save). */}
      <Form.Item
        name="F_FullHead"
        label={t('notice.title')}
        hidden={!title.view}
        rules={[{ required: true, message: t('common:required', { label: t('notice.title') }) }]}
      >
        <Input maxLength={200} disabled={!title.edit} data-testid="notice-form-title" />
      </Form.Item>
      <Form.Item name="F_Content" label={t('notice.content')} hidden={!content.view} rules={content.rules}>
        <Input.TextArea rows={8} maxLength={20000} disabled={!content.edit} data-testid="notice-form-content" />
      </Form.Item>
      <Form.Item name="F_SendTime" label={t('notice.sendTime')} hidden={!sendTime.view} rules={sendTime.rules}>
        <DatePicker showTime format={TIME} disabled={!sendTime.edit} data-testid="notice-form-send-time" />
      </Form.Item>
    </Form>
  );
}
