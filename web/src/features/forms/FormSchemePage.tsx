import { useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Modal, Select, Space, Spin, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormSchemeDetail, FormSchemeHistoryRow, FormSchemeRow, FormSchemeSaved, PageResult } from '@app/contracts';
import { api } from '../../lib/api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { useDeleteConfirm } from '../../components/crud';
import { FormRenderer } from '../../components/form-renderer';
import { formPermissions as P } from './permissions';
import { designerPath, fillPath } from './paths';

const LIST_KEY = 'form-schemes';

/** 快速开发 › 表单设计: the designed and address-based forms, their versions, enable / default switches. */
export default function FormSchemePage() {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = {
    add: usePermission(P.add),
    edit: usePermission(P.edit),
    del: usePermission(P.del),
    enable: usePermission(P.enable),
    history: usePermission(P.history),
    data: usePermission(P.data),
  };
  const [history, setHistory] = useState<FormSchemeRow | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', LIST_KEY] });
  const patch = async (url: string) => {
    await api.patch(url);
    void message.success(t('common:updated'));
    await refresh();
  };
  const typeLabel = (type: number) => (type === 0 ? t('typeCustom') : t('typeSystem'));
  const flag = (on: boolean) => (on ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>);
  return (
    <>
      <ListPage<FormSchemeRow>
        queryKey={LIST_KEY}
        testId="form-scheme-page"
        rowKey="F_Id"
        rowTestId={(r) => `form-row-${r.F_Name}`}
        keywordPlaceholder={t('keyword')}
        fetch={(q) => api.get<PageResult<FormSchemeRow>>('/form-scheme/page', q)}
        filters={
          <>
            <Form.Item name="F_Type" initialValue="">
              <Select
                style={{ width: 130 }}
                data-testid="form-filter-type"
                // '' is dropped from the query string by the api client, so 全部 asks for every type.
                options={[
                  { value: '', label: t('typeAll') },
                  { value: 0, label: t('typeCustom') },
                  { value: 1, label: t('typeSystem') },
                ]}
              />
            </Form.Item>
            {/* The seed has no form category dictionary (FormSort), so the category is matched as typed. */}
            <Form.Item name="F_Category">
              <Input allowClear placeholder={t('category')} maxLength={100} style={{ width: 140 }} data-testid="form-filter-category" />
            </Form.Item>
          </>
        }
        toolbar={[
          {
            key: 'add',
            label: <><PlusOutlined /> {t('common:add')}</>,
            primary: true,
            permission: P.add,
            testId: 'form-add',
            onClick: () => void navigate(designerPath()),
          },
        ]}
        columns={[
          { title: t('name'), dataIndex: 'F_Name' },
          { title: t('type'), dataIndex: 'F_Type', render: (v: number) => typeLabel(v) },
          { title: t('category'), dataIndex: 'F_Category' },
          { title: t('version'), dataIndex: 'F_Version', render: (v: number) => t('versionText', { version: v }) },
          {
            title: t('enabled'),
            dataIndex: 'F_EnabledMark',
            render: (v: number, r) =>
              can.enable ? (
                <Switch size="small" checked={v === 1} data-testid={`form-enable-${r.F_Name}`} onChange={(on) => void patch(`/form-scheme/${r.F_Id}/set-enable/${on ? 1 : 0}`)} />
              ) : (
                flag(v === 1)
              ),
          },
          {
            title: t('default'),
            dataIndex: 'F_IsDefault',
            render: (v: number, r) =>
              can.enable ? (
                <Switch size="small" checked={v === 1} data-testid={`form-default-${r.F_Name}`} onChange={(on) => void patch(`/form-scheme/${r.F_Id}/set-default/${on ? 1 : 0}`)} />
              ) : (
                flag(v === 1)
              ),
          },
          { title: t('creator'), dataIndex: 'F_CreateUserName' },
          { title: t('modifyDate'), key: 'modified', render: (_, r) => r.F_ModifyDate ?? r.F_CreateDate ?? '' },
          {
            title: t('common:actions'),
            key: 'a',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                {can.edit && (
                  <Button type="link" size="small" data-testid={`form-design-${r.F_Name}`} onClick={() => void navigate(designerPath(r.F_Id))}>
                    {t('design')}
                  </Button>
                )}
                {can.data && (
                  <Button type="link" size="small" data-testid={`form-fill-${r.F_Name}`} onClick={() => void navigate(fillPath(r.F_Id))}>
                    {t('fill')}
                  </Button>
                )}
                {can.history && (
                  <Button type="link" size="small" data-testid={`form-history-${r.F_Name}`} onClick={() => setHistory(r)}>
                    {t('history')}
                  </Button>
                )}
                {can.del && (
                  <Button type="link" size="small" danger data-testid={`form-delete-${r.F_Name}`} onClick={() => confirmDelete(r.F_Name, () => api.del(`/form-scheme/${r.F_Id}`), refresh)}>
                    {t('common:delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!history} width={720} title={history ? t('historyTitle', { name: history.F_Name }) : ''} onClose={() => setHistory(null)} destroyOnHidden>
        {history && <HistoryList form={history} canRestore={can.edit} onRestored={refresh} />}
      </Drawer>
    </>
  );
}

/** The versions of one form, newest first: preview any, restore an older one as a new version. */
function HistoryList({ form, canRestore, onRestored }: { form: FormSchemeRow; canRestore: boolean; onRestored: () => unknown }) {
  const { t } = useTranslation('forms');
  const { modal, message } = App.useApp();
  const [paging, setPaging] = useState({ limit: 1, size: 10 });
  const [previewing, setPreviewing] = useState<FormSchemeHistoryRow | null>(null);
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['form-scheme-history', form.F_Id, paging],
    queryFn: () => api.get<PageResult<FormSchemeHistoryRow>>(`/form-scheme/${form.F_Id}/history`, paging),
    placeholderData: keepPreviousData,
  });
  const restore = (row: FormSchemeHistoryRow) =>
    modal.confirm({
      title: t('restore'),
      content: t('restoreConfirm', { name: form.F_Name, version: row.F_Version }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'form-restore-ok' } as Record<string, string>,
      onOk: async () => {
        const saved = await api.post<FormSchemeSaved>(`/form-scheme/${form.F_Id}/history/${row.F_Id}/restore`);
        void message.success(t('restored', { version: saved.F_Version }));
        // A restore is a new version: back to the first page, where it is listed.
        setPaging((p) => ({ ...p, limit: 1 }));
        await Promise.all([refetch(), onRestored()]);
      },
    });
  return (
    <>
      <Table<FormSchemeHistoryRow>
        size="small"
        rowKey="F_Id"
        data-testid="form-history"
        loading={isFetching}
        dataSource={data?.Rows ?? []}
        onRow={(r) => ({ 'data-testid': `form-version-${r.F_Version}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: paging.limit,
          pageSize: paging.size,
          total: data?.Total ?? 0,
          size: 'small',
          showTotal: (total) => t('common:total', { total }),
          onChange: (limit, size) => setPaging((p) => ({ limit: size !== p.size ? 1 : limit, size })),
        }}
        columns={[
          {
            title: t('version'),
            dataIndex: 'F_Version',
            render: (v: number, r) => (
              <Space size={4}>
                {t('versionText', { version: v })}
                {r.F_Current && <Tag color="blue">{t('current')}</Tag>}
              </Space>
            ),
          },
          { title: t('creator'), dataIndex: 'F_CreateUserName' },
          { title: t('createDate'), dataIndex: 'F_CreateDate' },
          {
            title: t('common:actions'),
            key: 'a',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" data-testid={`form-version-preview-${r.F_Version}`} onClick={() => setPreviewing(r)}>
                  {t('preview')}
                </Button>
                {canRestore && !r.F_Current && (
                  <Button type="link" size="small" data-testid={`form-version-restore-${r.F_Version}`} onClick={() => restore(r)}>
                    {t('restore')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!previewing} width={960} footer={null} title={previewing ? t('previewTitle', { name: form.F_Name, version: previewing.F_Version }) : ''} onCancel={() => setPreviewing(null)} destroyOnHidden>
        {previewing && <VersionPreview formId={form.F_Id} versionId={previewing.F_Id} />}
      </Modal>
    </>
  );
}

/** One stored version shown read-only. */
function VersionPreview({ formId, versionId }: { formId: string; versionId: string }) {
  const { data, error } = useQuery({
    queryKey: ['form-scheme-version', versionId],
    queryFn: () => api.get<FormSchemeDetail>(`/form-scheme/getBySchemeId/${versionId}`, undefined, { silent: true }),
  });
  if (error) return <Alert type="error" showIcon title={error.message} data-testid="form-preview-error" />;
  if (!data) return <Spin />;
  return (
    <div data-testid="form-preview">
      <FormRenderer scheme={data.F_Scheme} mode="look" source={{ schemeId: formId, versionId }} />
    </div>
  );
}
