import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Col, Empty, Form, Input, Modal, Radio, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SIMPLE_TEMPLATES,
  type WfNewModelBody,
  type WfSchemeRow,
  type WfVersionChangeTestRow,
  type WfVersionRow,
  wfNewModelBody,
  workflowSchemePermissions,
} from '@app/contracts';
import { usePermission } from '../../../lib/permission';
import { ListPage, type ListQuery } from '../../../components/ListPage';
import { FormModal } from '../../../components/crud';
import { DictionarySelect } from '../../../components/dictionary';
import { SCHEME_LIST_KEY, schemeApi, schemeKeys, type VersionChangeResult } from './scheme-api';
import { RowActions } from '../../../components/RowActions';
import { useZodRules } from '../../../lib/zod-rules';
import { designerPath, simplePath, type SimpleOpenState } from '../simple/paths';
import { formSchemeApi } from '../../forms/api';

/** Dictionary of scheme categories (server CATEGORY_DICTIONARY). */
export const FLOW_CATEGORY_DICTIONARY = 'FlowSort';
/** ListPage key of the scheme list. */
/** Colours of the publication states in the list. */
const STATE_COLOURS: Record<WfSchemeRow['F_State'], string | undefined> = { draft: undefined, published: 'green', changed: 'orange' };

/**
 * What the list hands the designer when a BPMN file is imported: `navigate(designerPath('new'), { state })`.
 * The designer reads `location.state.importXml` (and `fileName`) and opens that drawing unsaved.
 */
export interface ImportState {
  importXml: string;
  fileName: string;
}

/** A file's text (FileReader: works where Blob.text does not). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** Query-bar values → list query (empty filters dropped). */
export function schemeListQuery(values: Record<string, unknown>): Record<string, string | undefined> {
  const s = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));
  return { keyword: s(values.keyword), F_Category: s(values.F_Category), EnabledMark: s(values.EnabledMark) };
}

/** The new-model dialog: the scheme's fields, how it is designed and, for the simple designer, a template. */
type NewModelValues = WfNewModelBody & { mode?: 'simple' | 'bpmn'; template?: string };

/** A short random suffix making a template form's table names unique. */
const tableSuffix = () => Math.random().toString(36).slice(2, 8);

/** Workflow → 流程设计: the scheme list (administration.md Workflow; docs/workflow-screens.md "Schemes"). */
export default function SchemePage() {
  const { t, i18n } = useTranslation('wfScheme');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const english = i18n.language === 'en';
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [newModel, setNewModel] = useState(false);
  const [history, setHistory] = useState<WfSchemeRow | null>(null);
  const can = {
    add: usePermission(workflowSchemePermissions.workflowSchemeAdd),
    edit: usePermission(workflowSchemePermissions.workflowSchemeEdit),
    del: usePermission(workflowSchemePermissions.workflowSchemeDelete),
    enable: usePermission(workflowSchemePermissions.workflowSchemeEnable),
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', SCHEME_LIST_KEY] });
  const rules = useZodRules(wfNewModelBody);
  // The contract trims the name before asking for one character; the derived rules do not see a name of blanks only.
  const blankName = { whitespace: true, message: t('nameRequired') };
  // The designer and bpmn-js load in the background while the list is read, so 编辑 / 新增 open at once.
  const designs = can.add || can.edit;
  useEffect(() => {
    if (!designs || import.meta.env.MODE === 'test') return;
    const timer = window.setTimeout(() => void Promise.all([import('../designer/DesignerPage'), import('bpmn-js/lib/Modeler')]).catch(() => undefined), 800);
    return () => window.clearTimeout(timer);
  }, [designs]);
  const toggle = async (r: WfSchemeRow) => {
    if (r.EnabledMark === 1) await schemeApi.stop(r.F_Id);
    else await schemeApi.start(r.F_Id);
    void message.success(t(r.EnabledMark === 1 ? 'stopped' : 'started'));
    await refresh();
  };
  // A refusal (a user task without approvers…) is the api client's error toast.
  const publish = async (r: WfSchemeRow) => {
    await schemeApi.publish(r.F_Id);
    void message.success(t('published'));
    await refresh();
  };
  // The server refuses while instances run or are suspended: its msg is the api client's error toast and the
  // confirmation closes (nothing to retry there).
  const confirmDelete = (r: WfSchemeRow) =>
    modal.confirm({
      title: t('common:deleteTitle'),
      content: t('common:deleteConfirm', { name: r.F_Name }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'delete-ok' } as { danger: boolean },
      onOk: async () => {
        try {
          await schemeApi.remove(r.F_Id);
        } catch {
          return;
        }
        void message.success(t('common:deleted'));
        await refresh();
      },
    });
  const exportXml = async (r: WfSchemeRow, versionId?: string) => {
    await schemeApi.downloadXml(r.F_Id, versionId, `${r.F_Code}.bpmn`);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const importXml = await readText(file);
    if (!importXml.includes('definitions')) {
      void message.error(t('importInvalid'));
      return;
    }
    const state: ImportState = { importXml, fileName: file.name };
    navigate(designerPath('new'), { state });
  };

  return (
    <>
      <ListPage<WfSchemeRow>
        queryKey={SCHEME_LIST_KEY}
        testId="wf-scheme-page"
        rowKey="F_Id"
        rowTestId={(r) => `wf-scheme-row-${r.F_Code}`}
        keywordPlaceholder={t('keywordPlaceholder')}
        fetch={(query: ListQuery) => schemeApi.list(query)}
        toQuery={schemeListQuery}
        filters={
          <>
            <Form.Item name="F_Category">
              <DictionarySelect code={FLOW_CATEGORY_DICTIONARY} placeholder={t('category')} style={{ width: 160 }} data-testid="wf-scheme-filter-category" />
            </Form.Item>
            <Form.Item name="EnabledMark">
              <Select
                allowClear
                placeholder={t('enabledFilter')}
                style={{ width: 120 }}
                data-testid="wf-scheme-filter-enabled"
                options={[
                  { value: '1', label: t('enabled') },
                  { value: '0', label: t('disabled') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={[
          // One way to start a scheme: name it, then draw it in the designer (an imported file opens there too).
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('newScheme')}
              </>
            ),
            primary: true,
            permission: workflowSchemePermissions.workflowSchemeAdd,
            testId: 'wf-scheme-add',
            onClick: () => setNewModel(true),
          },
          {
            key: 'import',
            label: (
              <>
                <ImportOutlined /> {t('import')}
              </>
            ),
            permission: workflowSchemePermissions.workflowSchemeAdd,
            testId: 'wf-scheme-import',
            onClick: () => fileInput.current?.click(),
          },
        ]}
        columns={[
          { title: t('code'), dataIndex: 'F_Code' },
          { title: t('name'), dataIndex: 'F_Name' },
          { title: t('category'), dataIndex: 'F_CategoryName', render: (v: string, r) => v || r.F_Category },
          {
            title: t('version'),
            dataIndex: 'F_Version',
            width: 80,
            render: (v: number, r) => <span data-testid={`wf-scheme-version-${r.F_Code}`}>{v ? `v${v}` : '-'}</span>,
          },
          {
            title: t('publishState'),
            dataIndex: 'F_State',
            width: 130,
            render: (v: WfSchemeRow['F_State'], r) => (
              <Tag color={STATE_COLOURS[v]} data-testid={`wf-scheme-state-${r.F_Code}`} data-state={v} style={{ whiteSpace: 'normal' }}>
                {t(`state.${v}`, { version: r.F_DraftVersion })}
              </Tag>
            ),
          },
          {
            title: t('status'),
            dataIndex: 'EnabledMark',
            width: 90,
            render: (v: number, r) => (
              <Tag color={v === 1 ? 'green' : undefined} data-testid={`wf-scheme-status-${r.F_Code}`}>
                {v === 1 ? t('enabled') : t('disabled')}
              </Tag>
            ),
          },
          { title: t('description'), dataIndex: 'F_Description', ellipsis: true },
          { title: t('updated'), dataIndex: 'F_ModifyDate', width: 170 },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => (
              <RowActions
                wrap
                actions={[
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `wf-scheme-edit-${r.F_Code}`,
                    onClick: () => navigate(designerPath(r.F_Id)),
                  },
                  {
                    key: 'simple',
                    label: t('simpleDesign'),
                    hidden: !can.edit,
                    testId: `wf-scheme-simple-${r.F_Code}`,
                    onClick: () => navigate(simplePath(r.F_Id)),
                  },
                  {
                    key: 'publish',
                    label: t('publish'),
                    hidden: !(can.edit && r.F_State !== 'published'),
                    testId: `wf-scheme-publish-${r.F_Code}`,
                    onClick: () => publish(r),
                  },
                  {
                    key: 'toggle',
                    label: r.EnabledMark === 1 ? t('stop') : t('start'),
                    hidden: !(can.enable && r.F_State !== 'draft'),
                    testId: `wf-scheme-toggle-${r.F_Code}`,
                    onClick: () => toggle(r),
                  },
                  { key: 'history', label: t('history'), testId: `wf-scheme-history-${r.F_Code}`, onClick: () => setHistory(r) },
                  {
                    key: 'export',
                    label: t('export'),
                    icon: <DownloadOutlined />,
                    disabled: !r.F_Version,
                    testId: `wf-scheme-export-${r.F_Code}`,
                    onClick: () => exportXml(r),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `wf-scheme-delete-${r.F_Code}`,
                    onClick: () => confirmDelete(r),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".bpmn,.xml,application/xml,text/xml"
        style={{ display: 'none' }}
        data-testid="wf-scheme-import-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void importFile(file);
        }}
      />
      {can.add && (
        <FormModal<NewModelValues>
          open={newModel}
          title={t('newModelTitle')}
          width={520}
          testId="wf-new-model-form"
          initialValues={{ F_Category: '', mode: 'simple', template: '' }}
          onClose={() => setNewModel(false)}
          onSubmit={async ({ mode, template, ...v }) => {
            const fields = { ...v, F_Category: v.F_Category ?? '', F_Description: v.F_Description ?? '' };
            const tpl = mode === 'simple' ? SIMPLE_TEMPLATES.find((x) => x.key === template) : undefined;
            if (tpl) {
              // A template brings its form: created now (its own tables), bound to the scheme the designer's first save stores.
              const form = await formSchemeApi.add({ ...tpl.form(tableSuffix()), F_Name: fields.F_Name });
              const state: SimpleOpenState = {
                scheme: {
                  ...fields,
                  F_Category: fields.F_Category || tpl.category,
                  F_Description: fields.F_Description || (english ? tpl.descriptionEn : tpl.description),
                },
                model: tpl.build(fields.F_Code, fields.F_Name),
                forms: [{ F_FormId: form.F_Id, F_Type: 0, F_Url: '', F_Name: fields.F_Name }],
              };
              navigate(simplePath('new'), { state });
              return;
            }
            const saved = await schemeApi.newModel(fields);
            await refresh();
            navigate(mode === 'bpmn' ? designerPath(saved.F_Id) : simplePath(saved.F_Id));
          }}
        >
          <Form.Item name="mode" label={t('designMode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'simple', label: <span data-testid="wf-new-model-mode-simple">{t('modeSimple')}</span> },
                { value: 'bpmn', label: <span data-testid="wf-new-model-mode-bpmn">{t('modeBpmn')}</span> },
              ]}
              data-testid="wf-new-model-mode"
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a: NewModelValues, b: NewModelValues) => a.mode !== b.mode}>
            {({ getFieldValue }) =>
              getFieldValue('mode') === 'simple' && (
                <Form.Item name="template" label={t('template')} extra={t('templateHint')}>
                  <Select
                    data-testid="wf-new-model-template"
                    options={[
                      { value: '', label: t('templateBlank'), title: '' },
                      ...SIMPLE_TEMPLATES.map((x) => ({
                        value: x.key,
                        label: english ? x.nameEn : x.name,
                        title: english ? x.descriptionEn : x.description,
                      })),
                    ]}
                    optionRender={(o) => (
                      <div data-testid={`wf-new-model-template-${o.value || 'blank'}`}>
                        <div>{o.label}</div>
                        {o.data.title && (
                          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                            {o.data.title}
                          </Typography.Text>
                        )}
                      </div>
                    )}
                  />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item
            name="F_Code"
            label={t('code')}
            rules={rules('F_Code', t('code'), { messages: { required: t('codeRequired'), pattern: t('codePattern') } })}
          >
            <Input maxLength={50} data-testid="wf-new-model-code" />
          </Form.Item>
          <Form.Item name="F_Name" label={t('name')} rules={[...rules('F_Name', t('name'), { messages: { required: t('nameRequired') } }), blankName]}>
            <Input maxLength={100} data-testid="wf-new-model-name" />
          </Form.Item>
          <Form.Item name="F_Category" label={t('category')}>
            <DictionarySelect code={FLOW_CATEGORY_DICTIONARY} data-testid="wf-new-model-category" />
          </Form.Item>
          <Form.Item name="F_Description" label={t('description')} rules={rules('F_Description', t('description'))}>
            <Input.TextArea rows={2} maxLength={500} data-testid="wf-new-model-description" />
          </Form.Item>
        </FormModal>
      )}
      {history && (
        <HistoryDialog scheme={history} onClose={() => setHistory(null)} onExport={(versionId) => exportXml(history, versionId)} onChanged={refresh} />
      )}
    </>
  );
}

/** 历史版本: the versions of a scheme, a diagram preview, 设为当前 and 版本变更. */
function HistoryDialog({
  scheme,
  onClose,
  onExport,
  onChanged,
}: {
  scheme: WfSchemeRow;
  onClose: () => void;
  onExport: (versionId: string) => Promise<void>;
  onChanged: () => unknown;
}) {
  const { t } = useTranslation('wfScheme');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const canVersion = usePermission(workflowSchemePermissions.workflowSchemeVersion);
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  const [change, setChange] = useState<WfVersionRow | null>(null);
  const { data, isFetching } = useQuery({ queryKey: schemeKeys.history(scheme.F_Id, page), queryFn: () => schemeApi.history(scheme.F_Id, page) });
  const rows = data?.Rows ?? [];
  const shown = rows.find((r) => r.F_Id === preview) ?? rows.find((r) => r.F_IsCurrent) ?? rows[0];
  const reload = async () => {
    await qc.invalidateQueries({ queryKey: ['workflow-scheme', 'history', scheme.F_Id] });
    await onChanged();
  };
  const makeCurrent = (r: WfVersionRow) =>
    modal.confirm({
      title: t('setCurrentConfirm', { version: r.F_Version }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'wf-version-current-ok' } as Record<string, string>,
      onOk: async () => {
        await schemeApi.currentVersion(scheme.F_Id, r.F_Id);
        void message.success(t('currentSet'));
        await reload();
      },
    });

  return (
    <Modal
      open
      title={t('historyTitle', { name: scheme.F_Name })}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="wf-version-dialog-close">
          {t('close')}
        </Button>
      }
    >
      <Row gutter={16} data-testid="wf-version-dialog">
        <Col span={14}>
          <Table<WfVersionRow>
            size="small"
            rowKey="F_Id"
            loading={isFetching}
            dataSource={rows}
            onRow={(r) =>
              ({
                'data-testid': `wf-version-row-${r.F_Version}`,
                onClick: () => setPreview(r.F_Id),
                style: { cursor: 'pointer' },
              }) as React.HTMLAttributes<HTMLElement>
            }
            rowClassName={(r) => (r.F_Id === shown?.F_Id ? 'ant-table-row-selected' : '')}
            pagination={{ current: page, pageSize: 20, total: data?.Total ?? 0, onChange: setPage, size: 'small' }}
            columns={[
              {
                title: t('version'),
                dataIndex: 'F_Version',
                width: 110,
                render: (v: number, r) => (
                  <Space size={4}>
                    <span>v{v}</span>
                    {r.F_IsCurrent && (
                      <Tag color="blue" data-testid={`wf-version-current-${v}`}>
                        {t('current')}
                      </Tag>
                    )}
                  </Space>
                ),
              },
              { title: t('instanceCount'), dataIndex: 'F_InstanceCount', width: 80 },
              { title: t('createdBy'), dataIndex: 'F_CreateUserName', width: 110, render: (v: string | null) => v ?? '' },
              { title: t('created'), dataIndex: 'F_CreateDate', width: 160 },
              {
                title: t('common:actions'),
                key: 'actions',
                render: (_, r) => (
                  <RowActions
                    wrap
                    stopPropagation
                    actions={[
                      {
                        key: 'current',
                        label: t('setCurrent'),
                        hidden: !(canVersion && !r.F_IsCurrent),
                        testId: `wf-version-set-current-${r.F_Version}`,
                        onClick: () => makeCurrent(r),
                      },
                      {
                        key: 'change',
                        label: t('versionChange'),
                        hidden: !canVersion,
                        testId: `wf-version-change-${r.F_Version}`,
                        onClick: () => setChange(r),
                      },
                      { key: 'export', label: t('export'), testId: `wf-version-export-${r.F_Version}`, onClick: () => onExport(r.F_Id) },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Col>
        <Col span={10}>
          <div
            data-testid="wf-version-preview"
            style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, minHeight: 320, padding: 8, display: 'flex', flexDirection: 'column' }}
          >
            {shown ? (
              <>
                <Typography.Text type="secondary">{t('previewOf', { version: shown.F_Version })}</Typography.Text>
                <img
                  src={shown.F_DiagramUrl}
                  alt={t('previewOf', { version: shown.F_Version })}
                  data-testid="wf-version-preview-img"
                  style={{ maxWidth: '100%', maxHeight: 460, objectFit: 'contain', margin: 'auto' }}
                />
              </>
            ) : (
              <Empty style={{ margin: 'auto' }} />
            )}
          </div>
        </Col>
      </Row>
      {change && <VersionChangeDialog schemeId={scheme.F_Id} version={change} onClose={() => setChange(null)} onApplied={reload} />}
    </Modal>
  );
}

/** Instance states the version change lists (running and suspended ones). */
const STATES = ['running', 'suspended'];

/** 版本变更: the test call (which running instances can move), then the apply call with the moved / skipped counts. */
export function VersionChangeDialog({
  schemeId,
  version,
  onClose,
  onApplied,
}: {
  schemeId: string;
  version: WfVersionRow;
  onClose: () => void;
  onApplied: () => unknown;
}) {
  const { t } = useTranslation('wfScheme');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<VersionChangeResult | null>(null);
  const test = useQuery({ queryKey: schemeKeys.versionTest(schemeId, version.F_Id), queryFn: () => schemeApi.versionTest(schemeId, version.F_Id), gcTime: 0 });
  const rows = test.data ?? [];
  const movable = rows.filter((r) => r.movable).length;
  const apply = async () => {
    setBusy(true);
    try {
      const res = await schemeApi.versionApply(schemeId, version.F_Id);
      setResult(res);
      void message.success(t('changeDone', res));
      await test.refetch();
      await onApplied();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('versionChangeTitle', { version: version.F_Version })}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} data-testid="wf-version-change-close">
            {t('close')}
          </Button>
          <Button
            type="primary"
            loading={busy}
            disabled={test.isFetching || movable === 0 || !!result}
            data-testid="wf-version-change-apply"
            onClick={() => void apply().catch(() => undefined)}
          >
            {t('changeApply', { count: movable })}
          </Button>
        </Space>
      }
    >
      <div data-testid="wf-version-change-dialog">
        <Alert
          type={result ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="wf-version-change-summary"
          title={
            result
              ? t('changeDone', result)
              : test.isFetching
                ? t('testing')
                : t('testSummary', { total: rows.length, movable, blocked: rows.length - movable })
          }
        />
        <Table<WfVersionChangeTestRow>
          size="small"
          rowKey="processInstanceId"
          loading={test.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ y: 360 }}
          onRow={(r) => ({ 'data-testid': `wf-version-change-row-${r.processInstanceId}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('instanceName'), dataIndex: 'name' },
            { title: t('instanceState'), dataIndex: 'state', width: 100, render: (v: string) => (STATES.includes(v) ? t(`state_${v}`) : v) },
            { title: t('fromVersion'), dataIndex: 'F_Version', width: 90, render: (v: number) => `v${v}` },
            {
              title: t('movable'),
              dataIndex: 'movable',
              width: 100,
              render: (v: boolean) => (v ? <Tag color="green">{t('movableYes')}</Tag> : <Tag color="red">{t('movableNo')}</Tag>),
            },
            { title: t('missingNodes'), dataIndex: 'missingNodes', render: (v: string[]) => v.join(', ') },
          ]}
        />
      </div>
    </Modal>
  );
}
