import { useState } from 'react';
import { Alert, App, Drawer, Form, Input, Modal, Select, Space, Spin, Switch, Table, Tag } from 'antd';
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FORM_TYPE, formSchemeBody, type FormSchemeBody, type FormSchemeHistoryRow, type FormSchemeRow } from '@app/contracts';
import { formSchemeApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { FormRenderer } from '../../components/form-renderer';
import { formPermissions as P } from './permissions';
import { designerPath, fillPath } from './paths';
import { systemFormPath } from '../form-print/paths';
import { systemForms } from '../form-print/system-forms';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

const LIST_KEY = 'form-schemes';

/** 快速开发 › 表单设计: the designed and address-based forms, their versions, enable / default switches. */
export default function FormSchemePage() {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = {
    add: usePermission(P.formAdd),
    edit: usePermission(P.formEdit),
    del: usePermission(P.formDelete),
    enable: usePermission(P.formEnable),
    history: usePermission(P.formHistory),
    data: usePermission(P.formData),
  };
  const [history, setHistory] = useState<FormSchemeRow | null>(null);
  /** The system form being registered (null row) or edited; undefined: closed. */
  const [registering, setRegistering] = useState<FormSchemeRow | null | undefined>(undefined);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', LIST_KEY] });
  const patch = async (run: () => Promise<unknown>) => {
    await run();
    void message.success(t('common:updated'));
    await refresh();
  };
  // 系统表单 covers both screens in code (1) and address-based designed forms (2); the tag tells them apart.
  const typeLabel = (type: number) =>
    type === FORM_TYPE.designed ? (
      t('typeCustom')
    ) : (
      <Space size={4}>
        <span>{t('typeSystem')}</span>
        <Tag color={type === FORM_TYPE.system ? 'purple' : 'default'}>{t(type === FORM_TYPE.system ? 'typePage' : 'typeAddress')}</Tag>
      </Space>
    );
  const flag = (on: boolean) => (on ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>);
  return (
    <>
      <ListPage<FormSchemeRow>
        queryKey={LIST_KEY}
        testId="form-scheme-page"
        rowKey="F_Id"
        rowTestId={(r) => `form-row-${r.F_Name}`}
        keywordPlaceholder={t('keyword')}
        fetch={(q) => formSchemeApi.list(q)}
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
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.formAdd,
            testId: 'form-add',
            onClick: () => void navigate(designerPath()),
          },
          {
            key: 'register',
            label: (
              <>
                <AppstoreAddOutlined /> {t('registerSystem')}
              </>
            ),
            permission: P.formAdd,
            testId: 'form-register-system',
            onClick: () => setRegistering(null),
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
                <Switch
                  size="small"
                  checked={v === 1}
                  data-testid={`form-enable-${r.F_Name}`}
                  onChange={(on) => void patch(() => formSchemeApi.setEnable(r.F_Id, on))}
                />
              ) : (
                flag(v === 1)
              ),
          },
          {
            title: t('default'),
            dataIndex: 'F_IsDefault',
            render: (v: number, r) =>
              can.enable ? (
                <Switch
                  size="small"
                  checked={v === 1}
                  data-testid={`form-default-${r.F_Name}`}
                  onChange={(on) => void patch(() => formSchemeApi.setDefault(r.F_Id, on))}
                />
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
            render: (_, r) => {
              const remove = {
                key: 'delete',
                label: t('common:delete'),
                danger: true,
                hidden: !can.del,
                testId: `form-delete-${r.F_Name}`,
                onClick: () => confirmDelete(r.F_Name, () => formSchemeApi.remove(r.F_Id), refresh),
              };
              return r.F_Type === FORM_TYPE.system ? (
                // A system form is a screen in code: opened at its route, its registration edited; no designer, versions or fill page.
                <RowActions
                  actions={[
                    { key: 'open', label: t('open'), testId: `form-open-${r.F_Name}`, onClick: () => navigate(systemFormPath(r.F_Url)) },
                    { key: 'edit', label: t('editRegistration'), hidden: !can.edit, testId: `form-edit-${r.F_Name}`, onClick: () => setRegistering(r) },
                    remove,
                  ]}
                />
              ) : (
                <RowActions
                  actions={[
                    { key: 'design', label: t('design'), hidden: !can.edit, testId: `form-design-${r.F_Name}`, onClick: () => navigate(designerPath(r.F_Id)) },
                    { key: 'fill', label: t('fill'), hidden: !can.data, testId: `form-fill-${r.F_Name}`, onClick: () => navigate(fillPath(r.F_Id)) },
                    { key: 'history', label: t('history'), hidden: !can.history, testId: `form-history-${r.F_Name}`, onClick: () => setHistory(r) },
                    remove,
                  ]}
                />
              );
            },
          },
        ]}
      />
      <RegisterSystemForm editing={registering} onClose={() => setRegistering(undefined)} onSaved={refresh} />
      <Drawer open={!!history} width={720} title={history ? t('historyTitle', { name: history.F_Name }) : ''} onClose={() => setHistory(null)} destroyOnHidden>
        {history && <HistoryList form={history} canRestore={can.edit} onRestored={refresh} />}
      </Drawer>
    </>
  );
}

type RegisterValues = Pick<FormSchemeBody, 'F_Name' | 'F_Category' | 'F_Url' | 'F_Description'>;

/** The addresses of the registry already registered in the tenant (any state), lower-cased. */
async function registeredAddresses(): Promise<Set<string>> {
  const pages = await Promise.all(systemForms().map((d) => formSchemeApi.list({ F_Type: FORM_TYPE.system, keyword: d.address, size: 500 })));
  return new Set(pages.flatMap((p) => p.Rows.map((r) => r.F_Url.toLowerCase())));
}

/**
 * Registers a system form (F_Type 1) or edits its registration: name, category, the address (one of the registry's
 * addresses not yet registered, or its own) and description. Its scheme has no fields (the code declares them).
 */
function RegisterSystemForm({ editing, onClose, onSaved }: { editing: FormSchemeRow | null | undefined; onClose(): void; onSaved(): unknown }) {
  const { t } = useTranslation('forms');
  const open = editing !== undefined;
  const taken = useQuery({ queryKey: ['form-scheme-registered-system'], queryFn: registeredAddresses, enabled: open, staleTime: 0 });
  const own = editing?.F_Url.toLowerCase();
  const free = systemForms().filter((d) => !taken.data?.has(d.address.toLowerCase()) || d.address.toLowerCase() === own);
  const rules = useZodRules(formSchemeBody);
  return (
    <FormModal<RegisterValues>
      open={open}
      title={editing ? t('editSystem') : t('registerSystem')}
      editing={!!editing}
      testId="form-register-modal"
      initialValues={editing ? { F_Name: editing.F_Name, F_Category: editing.F_Category, F_Url: editing.F_Url, F_Description: editing.F_Description } : {}}
      onClose={onClose}
      onSubmit={async (v) => {
        const body = {
          ...v,
          F_Category: v.F_Category ?? '',
          F_Description: v.F_Description ?? '',
          F_Type: FORM_TYPE.system,
          F_SortCode: editing?.F_SortCode ?? 0,
          F_Scheme: { data: [] },
        };
        if (editing) await formSchemeApi.update(editing.F_Id, body);
        else await formSchemeApi.add(body);
        await onSaved();
      }}
    >
      <Form.Item
        name="F_Url"
        label={t('address')}
        extra={t('addressHint')}
        // The contract lets a designed form go without an address; a system form is its address, so the dialog asks for one.
        rules={[{ required: true, message: t('common:required', { label: t('address') }) }, ...rules('F_Url', t('address'))]}
      >
        <Select
          data-testid="form-register-address"
          loading={taken.isLoading}
          notFoundContent={taken.isLoading ? <Spin size="small" /> : t('noFreeAddress')}
          options={free.map((d) => ({ value: d.address, label: `${t(d.titleKey)}（${d.address}）` }))}
        />
      </Form.Item>
      <Form.Item
        name="F_Name"
        label={t('name')}
        rules={[
          ...rules('F_Name', t('name')),
          // The contract trims the name before asking for one character; the derived rules do not see blanks only.
          { whitespace: true, message: t('common:required', { label: t('name') }) },
        ]}
      >
        <Input maxLength={100} data-testid="form-register-name" />
      </Form.Item>
      <Form.Item name="F_Category" label={t('category')} rules={rules('F_Category', t('category'))}>
        <Input maxLength={100} data-testid="form-register-category" />
      </Form.Item>
      <Form.Item name="F_Description" label={t('description')} rules={rules('F_Description', t('description'))}>
        <Input.TextArea maxLength={500} rows={3} data-testid="form-register-description" />
      </Form.Item>
    </FormModal>
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
    queryFn: () => formSchemeApi.history(form.F_Id, paging),
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
        const saved = await formSchemeApi.restore(form.F_Id, row.F_Id);
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
              <RowActions
                actions={[
                  { key: 'preview', label: t('preview'), testId: `form-version-preview-${r.F_Version}`, onClick: () => setPreviewing(r) },
                  {
                    key: 'restore',
                    label: t('restore'),
                    hidden: !(canRestore && !r.F_Current),
                    testId: `form-version-restore-${r.F_Version}`,
                    onClick: () => restore(r),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={!!previewing}
        width={960}
        footer={null}
        title={previewing ? t('previewTitle', { name: form.F_Name, version: previewing.F_Version }) : ''}
        onCancel={() => setPreviewing(null)}
        destroyOnHidden
      >
        {previewing && <VersionPreview formId={form.F_Id} versionId={previewing.F_Id} />}
      </Modal>
    </>
  );
}

/** One stored version shown read-only. */
function VersionPreview({ formId, versionId }: { formId: string; versionId: string }) {
  const { data, error } = useQuery({
    queryKey: ['form-scheme-version', versionId],
    queryFn: () => formSchemeApi.version(versionId),
  });
  if (error) return <Alert type="error" showIcon title={error.message} data-testid="form-preview-error" />;
  if (!data) return <Spin />;
  return (
    <div data-testid="form-preview">
      <FormRenderer scheme={data.F_Scheme} mode="look" source={{ schemeId: formId, versionId }} />
    </div>
  );
}
