import { useMemo } from 'react';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  excelCellType,
  excelDefaultKind,
  excelExportBody,
  excelImportBody,
  type ExcelExportBody,
  type ExcelExportDetail,
  type ExcelImportBody,
  type ExcelImportDetail,
  type ExcelTargetField,
  type ModuleGrantNode,
} from '@app/contracts';
import { FormModal } from '../../components/crud';
import { useZodRules } from '../../lib/zod-rules';
import { excelExportApi, excelImportApi, excelPickApi } from './api';

export type TemplateKind = 'import' | 'export';
type Values = Record<string, unknown> & { F_Columns?: Record<string, unknown>[] };

const rowStyle = {
  display: 'flex',
  flexWrap: 'wrap' as const,
  gap: 6,
  alignItems: 'center',
  padding: '6px 0',
  borderBottom: '1px dashed rgba(128,128,128,0.3)',
};

interface ModuleNode {
  value: string;
  title: string;
  children: ModuleNode[];
}

function treeOf(nodes: ModuleGrantNode[]): ModuleNode[] {
  return nodes.map((n) => ({ value: n.F_ModuleId, title: n.F_FullName, children: treeOf(n.children) }));
}

/** The add / edit dialog of an import or export template: target, screen, rules and the column rows. */
export function TemplateDialog({
  kind,
  editing,
  onClose,
  onSaved,
}: {
  kind: TemplateKind;
  /** null: a new template. */
  editing: ExcelImportDetail | ExcelExportDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('excelTemplate');
  const rules = useZodRules(kind === 'import' ? excelImportBody : excelExportBody);
  const initialValues: Values = editing
    ? { ...editing }
    : kind === 'import'
      ? { F_TargetKind: 'form', F_ErrorRule: 'skip', F_EnabledMark: 1, F_Columns: [] }
      : { F_TargetKind: 'form', F_ApplyQuery: 1, F_IgnoreScope: 0, F_EnabledMark: 1, F_Columns: [] };
  const submit = async (values: Values) => {
    const body: Values = { ...initialValues, ...values, F_Columns: values.F_Columns ?? [] };
    for (const key of ['F_ModuleName', 'F_CreateDate', 'F_CreateUserName', 'F_Id']) delete body[key];
    if (kind === 'import') {
      if (editing) await excelImportApi.update(editing.F_Id, body as unknown as ExcelImportBody);
      else await excelImportApi.add(body as unknown as ExcelImportBody);
    } else if (editing) await excelExportApi.update(editing.F_Id, body as unknown as ExcelExportBody);
    else await excelExportApi.add(body as unknown as ExcelExportBody);
    onSaved();
  };
  return (
    <FormModal<Values>
      open
      title={t(editing ? (kind === 'import' ? 'editImport' : 'editExport') : kind === 'import' ? 'addImport' : 'addExport')}
      editing={!!editing}
      width={1000}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      testId="excel-template-dialog"
    >
      <Form.Item name="F_Name" label={t('name')} rules={rules('F_Name', t('name'))}>
        <Input maxLength={100} data-testid="excel-template-name" />
      </Form.Item>
      <TargetFields kind={kind} />
      <Form.Item name="F_ButtonName" label={t('buttonName')} extra={t('buttonNameHelp')}>
        <Input maxLength={20} data-testid="excel-template-button" />
      </Form.Item>
      {kind === 'import' ? (
        <Form.Item name="F_ErrorRule" label={t('errorRule')}>
          <Radio.Group data-testid="excel-template-rule">
            <Radio value="skip">{t('errorRules.skip')}</Radio>
            <Radio value="refuse">{t('errorRules.refuse')}</Radio>
          </Radio.Group>
        </Form.Item>
      ) : (
        <>
          <Form.Item name="F_ApplyQuery" label={t('applyQuery')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
            <Switch data-testid="excel-template-apply-query" />
          </Form.Item>
          <Form.Item
            name="F_IgnoreScope"
            label={t('ignoreScope')}
            extra={t('ignoreScopeHelp')}
            getValueProps={(v) => ({ checked: v === 1 })}
            normalize={(v: boolean) => (v ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
        </>
      )}
      <Form.Item name="F_Description" label={t('description')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <ColumnRows kind={kind} />
    </FormModal>
  );
}

function TargetFields({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation('excelTemplate');
  const form = Form.useFormInstance<Values>();
  const targetKind = Form.useWatch('F_TargetKind', form) as 'form' | 'table' | undefined;
  const modules = useQuery({ queryKey: ['excel-pick-modules'], queryFn: excelPickApi.modules, staleTime: 60_000 });
  const relations = useQuery({ queryKey: ['excel-pick-relations'], queryFn: excelPickApi.relations, staleTime: 60_000, enabled: targetKind === 'form' });
  const links = useQuery({ queryKey: ['excel-pick-links'], queryFn: excelPickApi.links, staleTime: 60_000, enabled: targetKind === 'table' });
  const tree = useMemo(() => treeOf(modules.data ?? []), [modules.data]);
  void kind;
  return (
    <>
      <Form.Item name="F_TargetKind" label={t('target')}>
        <Radio.Group data-testid="excel-template-kind">
          <Radio value="form">{t('targetKind.form')}</Radio>
          <Radio value="table">{t('targetKind.table')}</Radio>
        </Radio.Group>
      </Form.Item>
      {targetKind === 'table' ? (
        <>
          <Form.Item name="F_DbId" label={t('link')} rules={[{ required: true, message: t('link') }]}>
            <Select
              data-testid="excel-template-link"
              options={(links.data ?? []).flatMap((g) => g.children.map((l) => ({ value: l.F_Id, label: l.F_DBAlias })))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="F_TableName" label={t('table')} extra={t('tableHelp')} rules={[{ required: true, message: t('table') }]}>
            <Input maxLength={128} data-testid="excel-template-table" />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="F_RelationId" label={t('relation')} rules={[{ required: true, message: t('relation') }]}>
          <Select
            data-testid="excel-template-relation"
            showSearch
            optionFilterProp="label"
            options={(relations.data?.Rows ?? []).map((r) => ({ value: r.F_Id, label: r.F_Name }))}
            onChange={(id: string) => {
              // The published page's own menu entry is the natural screen.
              const page = relations.data?.Rows.find((r) => r.F_Id === id);
              if (page && !form.getFieldValue('F_ModuleId')) form.setFieldValue('F_ModuleId', page.F_ModuleId);
            }}
          />
        </Form.Item>
      )}
      <Form.Item name="F_ModuleId" label={t('screen')} rules={[{ required: true, message: t('screen') }]}>
        <TreeSelect treeData={tree} showSearch treeNodeFilterProp="title" data-testid="excel-template-screen" />
      </Form.Item>
    </>
  );
}

function ColumnRows({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation('excelTemplate');
  const form = Form.useFormInstance<Values>();
  const targetKind = Form.useWatch('F_TargetKind', form) as 'form' | 'table' | undefined;
  const relationId = (Form.useWatch('F_RelationId', form) as string | undefined) ?? '';
  const dbId = (Form.useWatch('F_DbId', form) as string | undefined) ?? '';
  const tableName = (Form.useWatch('F_TableName', form) as string | undefined) ?? '';
  const ready = targetKind === 'form' ? !!relationId : !!dbId && !!tableName;
  const fields = useQuery({
    queryKey: ['excel-target-fields', targetKind, relationId, dbId, tableName],
    queryFn: () => excelImportApi.targetFields({ F_TargetKind: targetKind ?? 'form', F_RelationId: relationId, F_DbId: dbId, F_TableName: tableName }),
    enabled: ready,
    retry: false,
  });
  const list: ExcelTargetField[] = fields.data ?? [];
  const byField = new Map(list.map((f) => [f.field, f]));
  const newRow = (f: ExcelTargetField) =>
    kind === 'import'
      ? {
          header: f.label,
          field: f.field,
          required: f.required,
          unique: false,
          type:
            f.dataType === 'date'
              ? 'date'
              : f.dataType === 'datetime'
                ? 'datetime'
                : ['int', 'bigint'].includes(f.dataType)
                  ? 'integer'
                  : f.dataType === 'decimal'
                    ? 'number'
                    : 'text',
          format: '',
          dictionary: '',
          defaultKind: 'none',
          defaultValue: '',
          fixed: false,
        }
      : { header: f.label, field: f.field, width: 16, format: '', show: 'label', dictionary: '' };
  return (
    <Form.List
      name="F_Columns"
      rules={[
        {
          validator: async (_, v: unknown[] | undefined) => {
            if (!v?.length) throw new Error(t('columnsRequired'));
          },
        },
      ]}
    >
      {(items, { add, remove, move }, { errors }) => (
        <div data-testid="excel-template-columns">
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {t('columns')}
          </Typography.Title>
          {!ready && <Typography.Text type="secondary">{t('pickTargetFirst')}</Typography.Text>}
          {ready && fields.isSuccess && list.length === 0 && <Empty description={t('noFields')} />}
          {items.map(({ key, name }, index) => (
            <div key={key} style={rowStyle} data-testid={`excel-column-${index}`}>
              <Form.Item name={[name, 'header']} noStyle rules={[{ required: true, message: t('header') }]}>
                <Input size="small" style={{ width: 130 }} maxLength={100} placeholder={t('header')} data-testid={`excel-column-${index}-header`} />
              </Form.Item>
              <Form.Item name={[name, 'field']} noStyle rules={[{ required: true, message: t('field') }]}>
                <Select
                  size="small"
                  style={{ width: 170 }}
                  placeholder={t('field')}
                  showSearch
                  optionFilterProp="label"
                  options={list.map((f) => ({ value: f.field, label: `${f.label} (${f.field})` }))}
                  data-testid={`excel-column-${index}-field`}
                  onChange={(v: string) => {
                    const f = byField.get(v);
                    if (f && !form.getFieldValue(['F_Columns', name, 'header'])) form.setFieldValue(['F_Columns', name, 'header'], f.label);
                  }}
                />
              </Form.Item>
              {kind === 'import' ? <ImportCells name={name} index={index} /> : <ExportCells name={name} />}
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('moveUp')}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('moveDown')}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(name)}
                  aria-label={t('remove')}
                  data-testid={`excel-column-${index}-remove`}
                />
              </Space>
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Space style={{ marginTop: 8 }} wrap>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                add(kind === 'import' ? { required: false, unique: false, type: 'text', defaultKind: 'none', fixed: false } : { width: 16, show: 'label' })
              }
              data-testid="excel-column-add"
            >
              {t('addColumn')}
            </Button>
            <Button
              size="small"
              disabled={!list.length}
              data-testid="excel-column-add-all"
              onClick={() => {
                const used = new Set(((form.getFieldValue('F_Columns') as { field?: string }[] | undefined) ?? []).map((c) => c.field));
                for (const f of list) if (!used.has(f.field)) add(newRow(f));
              }}
            >
              {t('addAllFields')}
            </Button>
          </Space>
        </div>
      )}
    </Form.List>
  );
}

function ImportCells({ name, index }: { name: number; index: number }) {
  const { t } = useTranslation('excelTemplate');
  const form = Form.useFormInstance<Values>();
  const defaultKind = Form.useWatch(['F_Columns', name, 'defaultKind'], form) as string | undefined;
  const dataSourceId = Form.useWatch(['F_Columns', name, 'dataSourceId'], form) as string | undefined;
  const sources = useQuery({ queryKey: ['excel-pick-sources'], queryFn: excelPickApi.dataSources, staleTime: 60_000 });
  return (
    <>
      <Form.Item name={[name, 'type']} noStyle>
        <Select
          size="small"
          style={{ width: 100 }}
          options={excelCellType.options.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          data-testid={`excel-column-${index}-type`}
        />
      </Form.Item>
      <Form.Item name={[name, 'format']} noStyle>
        <Input size="small" style={{ width: 110 }} maxLength={40} placeholder={t('formatPlaceholder')} aria-label={t('format')} />
      </Form.Item>
      <Form.Item name={[name, 'maxLength']} noStyle>
        <InputNumber size="small" style={{ width: 90 }} min={0} max={32767} placeholder={t('maxLength')} aria-label={t('maxLength')} />
      </Form.Item>
      <Form.Item name={[name, 'dictionary']} noStyle>
        <Input size="small" style={{ width: 110 }} maxLength={64} placeholder={t('dictionary')} aria-label={t('dictionary')} />
      </Form.Item>
      <Form.Item name={[name, 'dataSourceId']} noStyle>
        <Select
          size="small"
          allowClear
          style={{ width: 120 }}
          placeholder={t('dataSource')}
          aria-label={t('dataSource')}
          options={(sources.data?.Rows ?? []).map((d) => ({ value: d.F_Id, label: d.F_Name }))}
          data-testid={`excel-column-${index}-source`}
        />
      </Form.Item>
      {!!dataSourceId && (
        <>
          <Form.Item name={[name, 'dataSourceLabel']} noStyle rules={[{ required: true, message: t('dataSourceLabel') }]}>
            <Input size="small" style={{ width: 90 }} maxLength={64} placeholder={t('dataSourceLabel')} aria-label={t('dataSourceLabel')} />
          </Form.Item>
          <Form.Item name={[name, 'dataSourceValue']} noStyle rules={[{ required: true, message: t('dataSourceValue') }]}>
            <Input size="small" style={{ width: 90 }} maxLength={64} placeholder={t('dataSourceValue')} aria-label={t('dataSourceValue')} />
          </Form.Item>
        </>
      )}
      <Form.Item name={[name, 'defaultKind']} noStyle>
        <Select
          size="small"
          style={{ width: 120 }}
          options={excelDefaultKind.options.map((v) => ({ value: v, label: t(`defaults.${v}`) }))}
          aria-label={t('defaultKind')}
        />
      </Form.Item>
      {defaultKind === 'value' && (
        <Form.Item name={[name, 'defaultValue']} noStyle>
          <Input size="small" style={{ width: 100 }} maxLength={500} placeholder={t('defaultValue')} />
        </Form.Item>
      )}
      <Form.Item name={[name, 'required']} valuePropName="checked" noStyle>
        <Checkbox data-testid={`excel-column-${index}-required`}>{t('required')}</Checkbox>
      </Form.Item>
      <Form.Item name={[name, 'unique']} valuePropName="checked" noStyle>
        <Checkbox data-testid={`excel-column-${index}-unique`}>{t('unique')}</Checkbox>
      </Form.Item>
      <Form.Item name={[name, 'fixed']} valuePropName="checked" noStyle>
        <Checkbox>{t('fixed')}</Checkbox>
      </Form.Item>
    </>
  );
}

function ExportCells({ name }: { name: number }) {
  const { t } = useTranslation('excelTemplate');
  return (
    <>
      <Form.Item name={[name, 'width']} noStyle>
        <InputNumber size="small" style={{ width: 80 }} min={4} max={100} placeholder={t('width')} aria-label={t('width')} />
      </Form.Item>
      <Form.Item name={[name, 'format']} noStyle>
        <Input size="small" style={{ width: 110 }} maxLength={40} placeholder={t('formatPlaceholder')} aria-label={t('format')} />
      </Form.Item>
      <Form.Item name={[name, 'show']} noStyle>
        <Select
          size="small"
          style={{ width: 110 }}
          options={(['label', 'value'] as const).map((v) => ({ value: v, label: t(`shows.${v}`) }))}
          aria-label={t('show')}
        />
      </Form.Item>
      <Form.Item name={[name, 'dictionary']} noStyle>
        <Input size="small" style={{ width: 120 }} maxLength={64} placeholder={t('dictionary')} aria-label={t('dictionary')} />
      </Form.Item>
    </>
  );
}
