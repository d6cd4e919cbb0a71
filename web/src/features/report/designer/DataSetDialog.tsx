import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DATA_SET_KINDS,
  REPORT_LIMITS,
  dataSet as dataSetSchema,
  reportIdentifier,
  type DataSet,
  type DataSetField,
  type ReportDataPreview,
} from '@app/contracts';
import { ApiError } from '../../../lib/api';
import { dataSourceApi, databaseLinkApi, interfaceApi } from '../../data/api';
import { reportApi } from '../api';
import { useDesigner } from './designer-state';

type Kind = (typeof DATA_SET_KINDS)[number];
const FIELD_TYPES = ['text', 'number', 'date'] as const;

interface Values {
  name: string;
  label?: string;
  kind: Kind;
  linkId?: string;
  sql?: string;
  dataSourceId?: string;
  interfaceId?: string;
  rowsPath?: string;
  rowsJson?: string;
  scopeUser?: string;
  scopeDepartment?: string;
  scopeCompany?: string;
}

function valuesOf(ds: DataSet | undefined): Values {
  if (!ds) return { name: '', kind: 'sql', sql: '', rowsJson: '[]' };
  return {
    name: ds.name,
    label: ds.label,
    kind: ds.kind,
    linkId: ds.linkId,
    sql: ds.sql ?? '',
    dataSourceId: ds.dataSourceId,
    interfaceId: ds.interfaceId,
    rowsPath: ds.rowsPath,
    rowsJson: JSON.stringify(ds.rows ?? [], null, 2),
    scopeUser: ds.scope?.user,
    scopeDepartment: ds.scope?.department,
    scopeCompany: ds.scope?.company,
  };
}

/** The data set the dialog's values describe; `rowsError` when the static rows are not a JSON list of objects. */
function dataSetOf(v: Values, fields: DataSetField[]): { ds: DataSet; rowsError?: boolean } {
  const base: DataSet = { name: (v.name ?? '').trim(), kind: v.kind, fields };
  if (v.label?.trim()) base.label = v.label.trim();
  if (v.kind === 'sql') Object.assign(base, { linkId: v.linkId, sql: v.sql ?? '' });
  if (v.kind === 'dataSource') base.dataSourceId = v.dataSourceId;
  if (v.kind === 'interface') Object.assign(base, { interfaceId: v.interfaceId, ...(v.rowsPath?.trim() ? { rowsPath: v.rowsPath.trim() } : {}) });
  let rowsError = false;
  if (v.kind === 'static') {
    try {
      const rows: unknown = JSON.parse(v.rowsJson || '[]');
      if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) throw new Error('rows');
      base.rows = rows as Record<string, unknown>[];
    } catch {
      rowsError = true;
      base.rows = [];
    }
  }
  const scope = { user: v.scopeUser || undefined, department: v.scopeDepartment || undefined, company: v.scopeCompany || undefined };
  if (scope.user || scope.department || scope.company) base.scope = JSON.parse(JSON.stringify(scope)) as DataSet['scope'];
  return { ds: base, rowsError };
}

/** Static rows: the fields they have (first appearance order) with a type guessed from the values. */
function fieldsOfRows(rows: Record<string, unknown>[]): DataSetField[] {
  const seen = new Map<string, DataSetField>();
  for (const row of rows.slice(0, 200)) {
    for (const [name, value] of Object.entries(row)) {
      if (seen.has(name)) continue;
      const type = typeof value === 'number' ? 'number' : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? 'date' : 'text';
      seen.set(name, { name, type });
    }
  }
  return [...seen.values()];
}

export interface DataSetDialogProps {
  open: boolean;
  /** The data set edited, or undefined for a new one. */
  editing?: DataSet;
  onClose: () => void;
}

/** Adds or edits a data set of the design: what it reads, its fields (found by running it), its data scope columns. */
export function DataSetDialog({ open, editing, onClose }: DataSetDialogProps) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'sql';
  const [fields, setFields] = useState<DataSetField[]>(editing?.fields ?? []);
  const [preview, setPreview] = useState<ReportDataPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [staticMode, setStaticMode] = useState<'json' | 'table'>('json');
  const others = designer.side.dataSets.filter((d) => d.name !== editing?.name);

  const links = useQuery({
    queryKey: ['report-designer', 'links'],
    queryFn: () => databaseLinkApi.groups(),
    enabled: open && kind === 'sql',
    staleTime: 60_000,
  });
  const sources = useQuery({
    queryKey: ['report-designer', 'data-sources'],
    queryFn: () => dataSourceApi.list({ limit: 1, size: 500 }),
    enabled: open && kind === 'dataSource',
    staleTime: 60_000,
  });
  const interfaces = useQuery({
    queryKey: ['report-designer', 'interfaces'],
    queryFn: () => interfaceApi.list({ limit: 1, size: 500 }),
    enabled: open && kind === 'interface',
    staleTime: 60_000,
  });

  const params = designer.side.params;
  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.label ? `${f.name} (${f.label})` : f.name }));

  const discover = async () => {
    setPreviewError(null);
    const values = form.getFieldsValue(true) as Values;
    const { ds, rowsError } = dataSetOf({ ...values, name: values.name?.trim() || 'preview' }, fields);
    if (rowsError) return setPreviewError(t('dataSet.rowsInvalid'));
    if (ds.kind === 'static') {
      const found = fieldsOfRows(ds.rows ?? []);
      setFields(mergeFields(found, fields));
      setPreview({ fields: found.map((f) => ({ name: f.name, type: f.type })), rows: (ds.rows ?? []).slice(0, 100), truncated: (ds.rows?.length ?? 0) > 100 });
      return;
    }
    setBusy(true);
    try {
      const answer = await reportApi.dataPreview({ dataSet: ds, params: {}, design: designer.toDesign() }, { silent: true });
      setPreview(answer);
      setFields(
        mergeFields(
          answer.fields.map((f) => ({ name: f.name, type: f.type })),
          fields,
        ),
      );
    } catch (e) {
      setPreviewError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const values = await form.validateFields();
    const { ds, rowsError } = dataSetOf(values, fields);
    if (rowsError) return setPreviewError(t('dataSet.rowsInvalid'));
    const parsed = dataSetSchema.safeParse(ds);
    if (!parsed.success) return setPreviewError(t('dataSet.invalid', { detail: parsed.error.issues[0]?.message ?? '' }));
    designer.setSide((side) => {
      const list = editing ? side.dataSets.map((d) => (d.name === editing.name ? parsed.data : d)) : [...side.dataSets, parsed.data];
      return { ...side, dataSets: list };
    });
    onClose();
  };

  const linkOptions = useMemo(
    () => (links.data ?? []).map((g) => ({ label: g.F_GroupName, options: g.children.map((l) => ({ value: l.F_Id, label: l.F_DBAlias || l.F_DBName })) })),
    [links.data],
  );

  const insertParam = (name: string) => {
    const sql = (form.getFieldValue('sql') as string | undefined) ?? '';
    form.setFieldValue('sql', `${sql}${sql && !/\s$/.test(sql) ? ' ' : ''}@${name}`);
  };

  return (
    <Modal
      open={open}
      title={editing ? t('dataSet.editTitle', { name: editing.name }) : t('dataSet.addTitle')}
      width={820}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ 'data-testid': 'rd-ds-ok' } as Record<string, string>}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
    >
      <div data-testid="rd-ds-dialog">
        <Form<Values> form={form} layout="vertical" initialValues={valuesOf(editing)} preserve>
          <div className="rd-row">
            <Form.Item
              name="name"
              label={t('dataSet.name')}
              style={{ flex: 1 }}
              tooltip={t('dataSet.nameHelp')}
              rules={[
                { required: true, message: t('dataSet.nameRequired') },
                {
                  validator: (_, v: string) =>
                    !v || reportIdentifier.safeParse(v).success ? Promise.resolve() : Promise.reject(new Error(t('dataSet.nameInvalid'))),
                },
                {
                  validator: (_, v: string) =>
                    others.some((d) => d.name === v?.trim()) ? Promise.reject(new Error(t('dataSet.nameTaken'))) : Promise.resolve(),
                },
              ]}
            >
              <Input maxLength={64} data-testid="rd-ds-name" />
            </Form.Item>
            <Form.Item name="label" label={t('dataSet.label')} style={{ flex: 1 }}>
              <Input maxLength={REPORT_LIMITS.name} data-testid="rd-ds-label" />
            </Form.Item>
          </div>
          <Form.Item name="kind" label={t('dataSet.kind')}>
            <Radio.Group optionType="button" options={DATA_SET_KINDS.map((k) => ({ value: k, label: t(`dataSet.kinds.${k}`) }))} data-testid="rd-ds-kind" />
          </Form.Item>

          {kind === 'sql' && (
            <>
              <Form.Item name="linkId" label={t('dataSet.link')} rules={[{ required: true, message: t('dataSet.linkRequired') }]}>
                <Select options={linkOptions} loading={links.isLoading} showSearch={{ optionFilterProp: 'label' }} data-testid="rd-ds-link" />
              </Form.Item>
              <Form.Item name="sql" label={t('dataSet.sql')} rules={[{ required: true, message: t('dataSet.sqlRequired') }]} extra={t('dataSet.sqlHelp')}>
                <Input.TextArea
                  className="rd-code"
                  autoSize={{ minRows: 6, maxRows: 16 }}
                  maxLength={REPORT_LIMITS.sql}
                  spellCheck={false}
                  data-testid="rd-ds-sql"
                />
              </Form.Item>
              {params.length > 0 && (
                <div className="rd-param-chips">
                  <Typography.Text type="secondary">{t('dataSet.insertParam')}</Typography.Text>
                  {params.map((p) => (
                    <Tag key={p.name} className="rd-chip" onClick={() => insertParam(p.name)} data-testid={`rd-ds-param-${p.name}`}>
                      @{p.name}
                    </Tag>
                  ))}
                </div>
              )}
            </>
          )}
          {kind === 'dataSource' && (
            <Form.Item name="dataSourceId" label={t('dataSet.dataSource')} rules={[{ required: true, message: t('dataSet.dataSourceRequired') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={sources.isLoading}
                options={(sources.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: `${s.F_Name} (${s.F_Code})` }))}
                data-testid="rd-ds-source"
              />
            </Form.Item>
          )}
          {kind === 'interface' && (
            <>
              <Form.Item name="interfaceId" label={t('dataSet.interface')} rules={[{ required: true, message: t('dataSet.interfaceRequired') }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={interfaces.isLoading}
                  options={(interfaces.data?.Rows ?? []).map((s) => ({ value: s.F_Id, label: `${s.F_Name} (${s.F_Code})` }))}
                  data-testid="rd-ds-interface"
                />
              </Form.Item>
              <Form.Item name="rowsPath" label={t('dataSet.rowsPath')} extra={t('dataSet.rowsPathHelp')}>
                <Input placeholder="data.rows" maxLength={200} data-testid="rd-ds-rows-path" />
              </Form.Item>
            </>
          )}
          {kind === 'static' && (
            <>
              <Radio.Group
                size="small"
                value={staticMode}
                onChange={(e) => setStaticMode(e.target.value as 'json' | 'table')}
                optionType="button"
                options={[
                  { value: 'json', label: t('dataSet.staticJson') },
                  { value: 'table', label: t('dataSet.staticTable') },
                ]}
                style={{ marginBottom: 8 }}
              />
              <Form.Item name="rowsJson" label={t('dataSet.rows')} hidden={staticMode !== 'json'} extra={t('dataSet.rowsHelp')}>
                <Input.TextArea className="rd-code" autoSize={{ minRows: 6, maxRows: 16 }} spellCheck={false} data-testid="rd-ds-rows" />
              </Form.Item>
              {staticMode === 'table' && <StaticRowsTable form={form} />}
            </>
          )}

          <div className="rd-ds-fields-head">
            <Typography.Text strong>{t('dataSet.fields')}</Typography.Text>
            <Space>
              <Button size="small" icon={<SearchOutlined />} loading={busy} onClick={() => void discover()} data-testid="rd-ds-discover">
                {t('dataSet.discover')}
              </Button>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setFields([...fields, { name: `field${fields.length + 1}`, type: 'text' }])}
                data-testid="rd-ds-add-field"
              >
                {t('dataSet.addField')}
              </Button>
            </Space>
          </div>
          {previewError && <Alert type="error" showIcon title={previewError} style={{ marginBottom: 8 }} data-testid="rd-ds-error" />}
          <Table<DataSetField & { __i: number }>
            size="small"
            rowKey="__i"
            pagination={false}
            dataSource={fields.map((f, __i) => ({ ...f, __i }))}
            locale={{ emptyText: t('dataSet.noFields') }}
            data-testid="rd-ds-fields"
            columns={[
              {
                title: t('dataSet.fieldName'),
                dataIndex: 'name',
                render: (_, f, i) => (
                  <Input size="small" value={f.name} onChange={(e) => setFields(fields.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                ),
              },
              {
                title: t('dataSet.fieldLabel'),
                dataIndex: 'label',
                render: (_, f, i) => (
                  <Input
                    size="small"
                    value={f.label ?? ''}
                    onChange={(e) => setFields(fields.map((x, j) => (j === i ? { ...x, label: e.target.value || undefined } : x)))}
                  />
                ),
              },
              {
                title: t('dataSet.fieldType'),
                dataIndex: 'type',
                width: 110,
                render: (_, f, i) => (
                  <Select
                    size="small"
                    value={f.type}
                    style={{ width: '100%' }}
                    options={FIELD_TYPES.map((v) => ({ value: v, label: t(`fieldTypes.${v}`) }))}
                    onChange={(type) => setFields(fields.map((x, j) => (j === i ? { ...x, type } : x)))}
                  />
                ),
              },
              {
                key: 'remove',
                width: 40,
                render: (_, _f, i) => (
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('action.remove')}
                    onClick={() => setFields(fields.filter((_x, j) => j !== i))}
                  />
                ),
              },
            ]}
          />
          {preview && preview.rows.length > 0 && (
            <details className="rd-ds-preview" data-testid="rd-ds-preview">
              <summary>{t(preview.truncated ? 'dataSet.previewTruncated' : 'dataSet.preview', { count: preview.rows.length })}</summary>
              <Table
                size="small"
                scroll={{ x: 'max-content', y: 240 }}
                pagination={false}
                rowKey="__row"
                dataSource={preview.rows.map((row, i) => ({ ...row, __row: i }))}
                columns={preview.fields.map((f) => ({
                  title: f.name,
                  dataIndex: f.name,
                  render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
                }))}
              />
            </details>
          )}

          <Typography.Text strong style={{ display: 'block', margin: '12px 0 4px' }}>
            {t('dataSet.scope')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dataSet.scopeHelp')}
          </Typography.Paragraph>
          <div className="rd-row">
            {(['scopeUser', 'scopeDepartment', 'scopeCompany'] as const).map((name) => (
              <Form.Item key={name} name={name} label={t(`dataSet.${name}`)} style={{ flex: 1 }}>
                <Select allowClear options={fieldOptions} data-testid={`rd-ds-${name}`} />
              </Form.Item>
            ))}
          </div>
        </Form>
      </div>
    </Modal>
  );
}

/** Found fields, keeping the labels (and types) the user gave the ones already there. */
function mergeFields(found: DataSetField[], before: DataSetField[]): DataSetField[] {
  const old = new Map(before.map((f) => [f.name, f]));
  return found.map((f) => ({ ...f, ...(old.get(f.name)?.label ? { label: old.get(f.name)!.label } : {}) }));
}

/** The static rows as a small table: columns are the fields, cells texts (numbers stay numbers). */
function StaticRowsTable({ form }: { form: ReturnType<typeof Form.useForm<Values>>[0] }) {
  const { t } = useTranslation('reportDesigner');
  const json = Form.useWatch('rowsJson', form) ?? '[]';
  let rows: Record<string, unknown>[] = [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed)) rows = parsed.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
  } catch {
    rows = [];
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const write = (next: Record<string, unknown>[]) => form.setFieldValue('rowsJson', JSON.stringify(next, null, 2));
  const setCell = (i: number, col: string, text: string) => {
    const value = text !== '' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    write(rows.map((r, j) => (j === i ? { ...r, [col]: value } : r)));
  };
  const [newCol, setNewCol] = useState('');
  return (
    <div data-testid="rd-ds-static-table" style={{ marginBottom: 12 }}>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: 'max-content', y: 240 }}
        rowKey="__row"
        dataSource={rows.map((row, i) => ({ ...row, __row: i }))}
        locale={{ emptyText: t('dataSet.noRows') }}
        columns={[
          ...columns.map((col) => ({
            title: col,
            key: col,
            render: (_: unknown, r: Record<string, unknown>, i: number) => (
              <Input size="small" value={r[col] === undefined || r[col] === null ? '' : String(r[col])} onChange={(e) => setCell(i, col, e.target.value)} />
            ),
          })),
          {
            key: 'remove',
            width: 40,
            render: (_: unknown, _r: Record<string, unknown>, i: number) => (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('action.remove')}
                onClick={() => write(rows.filter((_x, j) => j !== i))}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 8 }} wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => write([...rows, Object.fromEntries(columns.map((c) => [c, '']))])}>
          {t('dataSet.addRow')}
        </Button>
        <Space.Compact size="small">
          <Input size="small" placeholder={t('dataSet.newColumn')} value={newCol} onChange={(e) => setNewCol(e.target.value)} style={{ width: 140 }} />
          <Button
            size="small"
            disabled={!newCol.trim() || columns.includes(newCol.trim())}
            onClick={() => {
              const col = newCol.trim();
              write((rows.length ? rows : [{}]).map((r) => ({ ...r, [col]: '' })));
              setNewCol('');
            }}
          >
            {t('dataSet.addColumn')}
          </Button>
        </Space.Compact>
      </Space>
    </div>
  );
}
