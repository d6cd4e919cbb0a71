import { useState } from 'react';
import { DatePicker, Descriptions, Form, Input, Modal, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { NoticeBody, NoticeDetail, NoticeRow } from '@app/contracts';
import { noticeApi } from './api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { oaPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { noticeBody } from '@app/contracts';
import { usePublishing } from './publishing';

const TIME = 'YYYY-MM-DD HH:mm:ss';
type NoticeForm = Omit<NoticeBody, 'F_SendTime' | 'F_EnabledMark'> & { F_SendTime?: Dayjs | null; published?: boolean };

export default function NoticePage() {
  const { t } = useTranslation('oa');
  const rules = useZodRules(noticeBody);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<NoticeForm> } | null>(null);
  const [viewing, setViewing] = useState<NoticeDetail | null>(null);
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.noticeEdit), del: usePermission(P.noticeDelete), publish: usePermission(P.noticePublish) };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'notice'] });
  const load = noticeApi.get;
  const publishing = usePublishing('notice', noticeApi.setStatus, refresh);
  return (
    <>
      <ListPage<NoticeRow>
        queryKey="notice"
        testId="notice-page"
        rowKey="F_NoticeId"
        rowTestId={(r) => `notice-list-row-${r.F_NoticeId}`}
        fetch={noticeApi.list}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.noticeAdd,
            testId: 'notice-add',
            onClick: () => setEditing({ id: null, values: { published: false } }),
          },
        ]}
        columns={[
          {
            title: t('notice.title'),
            dataIndex: 'F_FullHead',
            render: (v: string, r) => (
              <a data-testid={`notice-view-${r.F_NoticeId}`} onClick={() => void load(r.F_NoticeId).then(setViewing)}>
                {v}
              </a>
            ),
          },
          { title: t('notice.sendTime'), dataIndex: 'F_SendTime' },
          publishing.column,
          { title: t('common:createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => (
              <RowActions
                actions={[
                  publishing.action(r.F_NoticeId, r.F_EnabledMark, { hidden: !can.publish, testId: `notice-publish-${r.F_NoticeId}` }),
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `notice-edit-${r.F_NoticeId}`,
                    onClick: () =>
                      load(r.F_NoticeId).then((d) =>
                        setEditing({
                          id: d.F_NoticeId,
                          values: {
                            F_FullHead: d.F_FullHead,
                            F_Content: d.F_Content,
                            F_SendTime: d.F_SendTime ? dayjs(d.F_SendTime) : null,
                            published: d.F_EnabledMark === 1,
                          },
                        }),
                      ),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `notice-delete-${r.F_NoticeId}`,
                    onClick: () => confirmDelete(r.F_FullHead, () => noticeApi.remove(r.F_NoticeId), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<NoticeForm>
        open={!!editing}
        title={editing?.id ? t('notice.edit') : t('notice.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onSubmit={async ({ published, ...v }) => {
          const body: NoticeBody = { ...v, F_SendTime: v.F_SendTime ? v.F_SendTime.format(TIME) : undefined, F_EnabledMark: published ? 1 : 0 };
          if (editing?.id) await noticeApi.update(editing.id, body);
          else await noticeApi.add(body);
          await refresh();
        }}
      >
        <Form.Item name="F_FullHead" label={t('notice.title')} rules={rules('F_FullHead', t('notice.title'))}>
          <Input maxLength={200} data-testid="notice-title" />
        </Form.Item>
        {/* The contract admits an empty content; this screen asks for one. */}
        <Form.Item name="F_Content" label={t('notice.content')} rules={[{ required: true, message: t('common:required', { label: t('notice.content') }) }]}>
          <Input.TextArea rows={8} maxLength={20000} data-testid="notice-content" />
        </Form.Item>
        <Form.Item name="F_SendTime" label={t('notice.sendTime')}>
          <DatePicker showTime format={TIME} />
        </Form.Item>
        {can.publish && (
          <Form.Item name="published" label={t('notice.publish')} valuePropName="checked">
            <Switch data-testid="notice-published" />
          </Form.Item>
        )}
      </FormModal>
      <Modal open={!!viewing} title={t('notice.detail')} footer={null} width={720} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && (
          <div data-testid="notice-detail">
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('notice.title')}>{viewing.F_FullHead}</Descriptions.Item>
              <Descriptions.Item label={t('notice.sendTime')}>{viewing.F_SendTime ?? '-'}</Descriptions.Item>
            </Descriptions>
            <div style={{ whiteSpace: 'pre-wrap' }}>{viewing.F_Content}</div>
          </div>
        )}
      </Modal>
    </>
  );
}
