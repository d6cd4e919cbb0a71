import { Suspense, useState } from 'react';
import { lazyWithTexts } from '../../lib/lazy';
import { DatePicker, Form, Input, Radio, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { NewsBody, NewsRow } from '@app/contracts';
import { newsApi } from './api';
import '../../lib/dayjs-locale';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { DictionaryLabel, DictionarySelect } from '../../components/dictionary';
import { UploadField } from '../../components/files/UploadField';
import { oaPermissions as P } from './permissions';
import { NEWS_CATEGORY } from './news-category';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';
import { newsBody } from '@app/contracts';
import { usePublishing } from './publishing';

/** Loaded only when the news form opens (the editor is its own chunk). */
const RichEditor = lazyWithTexts(() => import('../../components/editor/RichEditor'), ['editor', 'files']);

const TIME = 'YYYY-MM-DD HH:mm:ss';

type NewsForm = Omit<NewsBody, 'F_ReleaseTime' | 'F_Attachments' | 'F_FolderId'> & { F_ReleaseTime?: Dayjs | null; F_FolderId?: string | null };
/** Attachments are the upload field's folder; legacy stored entries are not sent, so the server keeps them. */
type Editing = { id: string | null; values: Partial<NewsForm> };

function NewsFormModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation('oa');
  const rules = useZodRules(newsBody);
  const qc = useQueryClient();
  const canPublish = usePermission(P.newsPublish);
  /** Saves (a new item is a draft) and answers its id. */
  const save = async (v: NewsForm): Promise<string> => {
    const body: NewsBody = { ...v, F_ReleaseTime: v.F_ReleaseTime ? v.F_ReleaseTime.format(TIME) : undefined, F_FolderId: v.F_FolderId ?? null };
    if (editing?.id) await newsApi.update(editing.id, body);
    const id = editing?.id ?? (await newsApi.add(body)).F_NewsId;
    await qc.invalidateQueries({ queryKey: ['list', 'news'] });
    return id;
  };
  return (
    <FormModal<NewsForm>
      open={!!editing}
      title={editing?.id ? t('news.edit') : t('news.add')}
      editing={!!editing?.id}
      width={960}
      initialValues={editing?.values}
      onClose={onClose}
      onSubmit={save}
      extraAction={
        canPublish
          ? {
              label: t('news.saveAndPublish'),
              testId: 'news-save-publish',
              successText: t('news.published_ok'),
              onSubmit: async (v) => {
                const id = await save(v);
                await newsApi.setStatus(id, 1);
                await qc.invalidateQueries({ queryKey: ['list', 'news'] });
              },
            }
          : undefined
      }
    >
      <Form.Item name="F_FullHead" label={t('news.title')} rules={rules('F_FullHead', t('news.title'))}>
        <Input maxLength={200} data-testid="news-title" />
      </Form.Item>
      <Form.Item name="F_TypeId" label={t('news.type')}>
        <Radio.Group data-testid="news-type">
          <Radio value={1} data-testid="news-type-1">
            {t('news.typeNews')}
          </Radio>
          <Radio value={2} data-testid="news-type-2">
            {t('news.typeReprint')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="F_CategoryId" label={t('news.category')}>
        <DictionarySelect code={NEWS_CATEGORY} data-testid="news-category" style={{ width: 240 }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.F_TypeId !== b.F_TypeId}>
        {({ getFieldValue }) =>
          getFieldValue('F_TypeId') === 2 ? (
            <>
              <Form.Item name="F_SourceName" label={t('news.sourceName')}>
                <Input maxLength={200} data-testid="news-source-name" />
              </Form.Item>
              <Form.Item name="F_SourceAddress" label={t('news.sourceAddress')}>
                <Input maxLength={1000} data-testid="news-source-address" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="F_AuthorName" label={t('news.author')}>
                <Input maxLength={100} data-testid="news-author" />
              </Form.Item>
              <Form.Item name="F_CompileName" label={t('news.editor')}>
                <Input maxLength={100} data-testid="news-compile" />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="F_ReleaseTime" label={t('news.releaseTime')}>
        <DatePicker showTime format={TIME} />
      </Form.Item>
      <Form.Item name="F_FolderId" label={t('news.attachments')}>
        <UploadField purpose="news" multiple testId="news-upload" />
      </Form.Item>
      <Form.Item label={t('news.content')} required>
        <div data-testid="news-editor">
          <Suspense fallback={<Spin />}>
            {/* The contract admits an empty body (drafts through the API); this screen asks for one. */}
            <Form.Item name="F_NewsContent" noStyle rules={[{ required: true, message: t('common:required', { label: t('news.content') }) }]}>
              <RichEditor height={340} />
            </Form.Item>
          </Suspense>
        </div>
      </Form.Item>
    </FormModal>
  );
}

export default function NewsPage() {
  const { t } = useTranslation('oa');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.newsEdit), del: usePermission(P.newsDelete), publish: usePermission(P.newsPublish) };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'news'] });
  const edit = async (id: string) => {
    const d = await newsApi.get(id);
    setEditing({
      id,
      values: {
        F_TypeId: d.F_TypeId === 2 ? 2 : 1,
        F_CategoryId: d.F_CategoryId,
        F_FullHead: d.F_FullHead,
        F_AuthorName: d.F_AuthorName,
        F_CompileName: d.F_CompileName,
        F_SourceName: d.F_SourceName,
        F_SourceAddress: d.F_SourceAddress,
        F_ReleaseTime: d.F_ReleaseTime ? dayjs(d.F_ReleaseTime) : null,
        F_NewsContent: d.F_NewsContent,
        F_FolderId: d.F_FolderId,
      },
    });
  };
  const publishing = usePublishing('news', newsApi.setStatus, refresh);
  return (
    <>
      <ListPage<NewsRow>
        queryKey="news"
        testId="news-page"
        rowKey="F_NewsId"
        rowTestId={(r) => `news-row-${r.F_NewsId}`}
        fetch={newsApi.list}
        filters={
          <Form.Item name="category">
            <DictionarySelect code={NEWS_CATEGORY} placeholder={t('news.category')} style={{ width: 160 }} />
          </Form.Item>
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
            permission: P.newsAdd,
            testId: 'news-add',
            onClick: () => setEditing({ id: null, values: { F_TypeId: 1, F_NewsContent: '' } }),
          },
        ]}
        columns={[
          {
            title: t('news.title'),
            dataIndex: 'F_FullHead',
            render: (v: string, r) => <a onClick={() => navigate(`/office-automation/news/detail/${r.F_NewsId}`)}>{v}</a>,
          },
          { title: t('news.type'), dataIndex: 'F_TypeId', width: 80, render: (v: number) => (v === 2 ? t('news.typeReprint') : t('news.typeNews')) },
          { title: t('news.category'), dataIndex: 'F_CategoryId', render: (v: string) => <DictionaryLabel code={NEWS_CATEGORY} value={v} /> },
          { title: t('news.author'), dataIndex: 'F_AuthorName' },
          { title: t('news.releaseTime'), dataIndex: 'F_ReleaseTime' },
          publishing.column,
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => (
              <RowActions
                actions={[
                  publishing.action(r.F_NewsId, r.F_EnabledMark, { hidden: !can.publish, testId: `news-publish-${r.F_NewsId}` }),
                  { key: 'edit', label: t('common:edit'), hidden: !can.edit, testId: `news-edit-${r.F_NewsId}`, onClick: () => edit(r.F_NewsId) },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `news-delete-${r.F_NewsId}`,
                    onClick: () => confirmDelete(r.F_FullHead, () => newsApi.remove(r.F_NewsId), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <NewsFormModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
