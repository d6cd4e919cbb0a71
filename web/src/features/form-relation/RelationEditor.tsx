import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Checkbox,
  ColorPicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  TreeSelect,
  Typography,
  type FormInstance,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_OPERATORS,
  CONDITION_TOKENS,
  dataCondition,
  defaultMatchOf,
  formRelationBody,
  listColumn,
  listQueryField,
  LIST_BUTTONS,
  PAGE_SIZES,
  PRINT_DEFAULT_BORDER,
  PRINT_STYLES,
  PRINT_TYPE_PAGE,
  PRINT_TYPES,
  QUERY_MATCHES,
  type DataCondition,
  type FormRelationBody,
  type FormRelationDetail,
  type ListButton,
  type ModuleNode,
  type QueryMatch,
} from '@app/contracts';
import { formRelationApi } from './api';
import { useRelationRules } from './relation-rules';
import { MenuIcon } from '../../app/shell/icons';
import { listFieldsOf, RELATION_LIST_KEY, useDesignedForms, useFormInfo, useFormsWithTables, type ListField } from './shared';

/** The editor's form values: FormRelationBody with the setting spread over tabs (flags as switches). */
interface EditorValues {
  F_Name: string;
  F_FormId?: string;
  F_ParentId: string;
  F_Icon: string;
  F_SortCode: number;
  F_EnabledMark: boolean;
  F_Description: string;
  columns: { field: string; label: string; width?: number | null; align: 'left' | 'center' | 'right'; sortable: boolean }[];
  queryFields: { field: string; label: string; match: QueryMatch }[];
  sortField?: string;
  sortOrder: 'asc' | 'desc';
  buttons: ListButton[];
  pageSize: number;
  conditions: DataCondition[];
  print: { style: number; type: number; titleUnderline: boolean; borderColor: string; title: string };
}

const DEFAULT_PARENT = 'form-apps';
type TabKey = 'base' | 'columns' | 'query' | 'buttons' | 'conditions' | 'print';
/** Which tab shows a form value (a refused save opens the tab of its first error). */
const TAB_OF: Record<string, TabKey> = {
  columns: 'columns',
  queryFields: 'query',
  sortField: 'buttons',
  sortOrder: 'buttons',
  buttons: 'buttons',
  pageSize: 'buttons',
  conditions: 'conditions',
  print: 'print',
};

function blank(): EditorValues {
  return {
    F_Name: '',
    F_ParentId: DEFAULT_PARENT,
    F_Icon: 'FileTextOutlined',
    F_SortCode: 0,
    F_EnabledMark: true,
    F_Description: '',
    columns: [],
    queryFields: [],
    sortOrder: 'desc',
    buttons: ['add', 'edit', 'view', 'delete'],
    pageSize: 20,
    conditions: [],
    print: { style: 0, type: 1, titleUnderline: true, borderColor: PRINT_DEFAULT_BORDER, title: '' },
  };
}

function fromDetail(d: FormRelationDetail): EditorValues {
  const s = d.F_Setting;
  return {
    F_Name: d.F_Name,
    F_FormId: d.F_FormId,
    F_ParentId: d.F_ParentId,
    F_Icon: d.F_Icon,
    F_SortCode: d.F_SortCode,
    F_EnabledMark: d.F_EnabledMark === 1,
    F_Description: d.F_Description,
    columns: s.columns.map((c) => ({ ...c, width: c.width ?? null })),
    queryFields: s.queryFields.map((q) => ({ field: q.field, label: q.label, match: q.match ?? 'eq' })),
    sortField: s.sort?.field,
    sortOrder: s.sort?.order ?? 'desc',
    buttons: s.buttons,
    pageSize: s.pageSize,
    conditions: s.conditions,
    print: { ...s.print, titleUnderline: s.print.titleUnderline === 1 },
  };
}

function toBody(v: EditorValues, workflowSchemeId: string): FormRelationBody {
  return {
    F_Name: v.F_Name.trim(),
    F_FormId: v.F_FormId ?? '',
    F_ParentId: v.F_ParentId || DEFAULT_PARENT,
    F_Icon: v.F_Icon?.trim() || 'FileTextOutlined',
    F_SortCode: v.F_SortCode ?? 0,
    F_EnabledMark: v.F_EnabledMark ? 1 : 0,
    F_Description: v.F_Description ?? '',
    F_Setting: {
      columns: v.columns.map((c) => ({
        field: c.field,
        label: c.label ?? '',
        align: c.align ?? 'left',
        sortable: !!c.sortable,
        ...(c.width ? { width: c.width } : {}),
      })),
      queryFields: v.queryFields.map((q) => ({ field: q.field, label: q.label ?? '', match: q.match })),
      sort: v.sortField ? { field: v.sortField, order: v.sortOrder ?? 'asc' } : null,
      buttons: v.buttons ?? [],
      pageSize: v.pageSize as FormRelationBody['F_Setting']['pageSize'],
      conditions: (v.conditions ?? []).map((c) => ({
        field: c.field,
        operator: c.operator,
        value: c.operator === 'empty' || c.operator === 'notEmpty' ? '' : (c.value ?? ''),
      })),
      print: {
        style: v.print.style as FormRelationBody['F_Setting']['print']['style'],
        type: v.print.type as FormRelationBody['F_Setting']['print']['type'],
        titleUnderline: v.print.titleUnderline ? 1 : 0,
        borderColor: v.print.borderColor || PRINT_DEFAULT_BORDER,
        title: v.print.title ?? '',
      },
      workflowSchemeId,
    },
  };
}

/** Menu groups (F_Target expand) a page may be published under, as a tree. */
function groupsOf(nodes: ModuleNode[]): { value: string; title: string; children: ReturnType<typeof groupsOf> }[] {
  return nodes.filter((n) => n.F_Target === 'expand').map((n) => ({ value: n.F_ModuleId, title: n.F_FullName, children: groupsOf(n.children) }));
}

/** Add / edit one form relation in a wide drawer: base data, then the published list's configuration by tab. */
export function RelationEditor({ relationId, onClose }: { relationId?: string; onClose: () => void }) {
  const { t } = useTranslation('formRelation');
  const detail = useQuery({
    queryKey: ['form-relation', relationId],
    queryFn: () => formRelationApi.get(relationId!),
    enabled: !!relationId,
    gcTime: 0,
  });
  const loading = !!relationId && !detail.data;
  return (
    <Drawer open width="80%" title={relationId ? t('editTitle') : t('addTitle')} onClose={onClose} destroyOnHidden footer={null} data-testid="relation-editor">
      {loading ? <Spin /> : <EditorForm detail={detail.data} onClose={onClose} />}
    </Drawer>
  );
}

function EditorForm({ detail, onClose }: { detail?: FormRelationDetail; onClose: () => void }) {
  const { t } = useTranslation('formRelation');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const [tab, setTab] = useState<TabKey>('base');
  const [busy, setBusy] = useState(false);
  const initial = useMemo(() => (detail ? fromDetail(detail) : blank()), [detail]);
  const workflowSchemeId = detail?.F_Setting.workflowSchemeId ?? '';

  const formId = Form.useWatch('F_FormId', form) ?? initial.F_FormId;
  const forms = useDesignedForms();
  const withTables = useFormsWithTables();
  const info = useFormInfo(formId);
  const fields = useMemo(() => listFieldsOf(info.data, (f) => t(`system.${f}`)), [info.data, t]);
  const noTables = !!info.data && !info.data.tableInfo.some((table) => table.type === 'main');

  const parents = useQuery({
    queryKey: ['form-relation-parents'],
    queryFn: () => formRelationApi.parentModules(),
    retry: false,
  });
  const parentTree = useMemo(() => {
    const tree = parents.data ? groupsOf(parents.data) : [];
    // Without the menu administration's list, the default group is still offered (and the current parent kept).
    if (!tree.length) tree.push({ value: DEFAULT_PARENT, title: t('formApps'), children: [] });
    if (detail && detail.F_ParentId !== DEFAULT_PARENT && !JSON.stringify(tree).includes(`"${detail.F_ParentId}"`))
      tree.push({ value: detail.F_ParentId, title: detail.F_ParentName ?? detail.F_ParentId, children: [] });
    return tree;
  }, [parents.data, detail, t]);

  const formOptions = useMemo(() => {
    const list = (forms.data ?? []).map((f) => ({ value: f.F_Id, label: f.F_Name, disabled: withTables.data ? !withTables.data.has(f.F_Id) : false }));
    if (detail && !list.some((o) => o.value === detail.F_FormId))
      list.push({ value: detail.F_FormId, label: detail.F_FormName ?? detail.F_FormId, disabled: false });
    return list;
  }, [forms.data, withTables.data, detail]);

  const buttons = LIST_BUTTONS.filter((b) => b !== 'workflow' || !!workflowSchemeId);

  const save = async () => {
    let values: EditorValues;
    try {
      await form.validateFields();
      // Every value, also those without a control of their own (the field of a column or query row).
      values = form.getFieldsValue(true) as EditorValues;
    } catch (e) {
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      setTab(TAB_OF[String(first)] ?? 'base');
      return;
    }
    setBusy(true);
    try {
      const body = toBody(values, workflowSchemeId);
      const saved = detail ? await formRelationApi.update(detail.F_Id, body) : await formRelationApi.add(body);
      const done = t(detail ? 'common:updated' : 'common:added');
      void message.success(saved.indexes.length ? `${done}${t('indexesMade', { names: saved.indexes.join(', ') })}` : done);
      // The published page shows in the menu at once.
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['list', RELATION_LIST_KEY] }),
        qc.invalidateQueries({ queryKey: ['menu'] }),
        qc.invalidateQueries({ queryKey: ['modules-admin'] }),
        qc.invalidateQueries({ queryKey: ['form-relation', detail?.F_Id] }),
      ]);
      onClose();
    } catch {
      // The api client has shown the server's message; the editor stays open.
    } finally {
      setBusy(false);
    }
  };

  const label = (name: string) => fields.find((f) => f.field === name)?.label ?? name;
  const rules = useRelationRules(formRelationBody);
  // The contract trims the name before asking for one character; the derived rules do not see blanks only.
  const notBlank = (what: string) => ({ whitespace: true, message: t('requiredField', { label: what }) });

  const tabItems: { key: TabKey; label: string; children: React.ReactNode }[] = [
    {
      key: 'base',
      label: t('tab.base'),
      children: (
        <>
          <Form.Item name="F_Name" label={t('name')} rules={[...rules('F_Name', t('name')), notBlank(t('name'))]}>
            <Input maxLength={50} data-testid="relation-name" />
          </Form.Item>
          <Form.Item
            name="F_FormId"
            label={t('form')}
            rules={[
              ...rules('F_FormId', t('form')),
              // Whether the form has tables is the form's design, not the body's shape.
              {
                validator: async () => {
                  if (noTables) throw new Error(t('formNoTables'));
                },
              },
            ]}
            extra={t('formHint')}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={formOptions}
              loading={forms.isLoading}
              placeholder={t('formPlaceholder')}
              data-testid="relation-form"
            />
          </Form.Item>
          {noTables && <Alert type="warning" showIcon title={t('formNoTables')} style={{ marginBottom: 16 }} data-testid="relation-form-no-tables" />}
          {/* The contract puts a page without a parent under 'form-apps'; the editor asks for one to be chosen. */}
          <Form.Item
            name="F_ParentId"
            label={t('parent')}
            rules={[{ required: true, message: t('requiredField', { label: t('parent') }) }, ...rules('F_ParentId', t('parent'))]}
          >
            <TreeSelect treeData={parentTree} treeDefaultExpandAll data-testid="relation-parent" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.F_Icon !== b.F_Icon}>
            {({ getFieldValue }) => (
              <Form.Item name="F_Icon" label={t('icon')} rules={rules('F_Icon', t('icon'))}>
                <Input
                  maxLength={100}
                  placeholder="FileTextOutlined"
                  prefix={<MenuIcon name={String(getFieldValue('F_Icon') ?? '')} />}
                  data-testid="relation-icon"
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="F_SortCode" label={t('common:sortCode')}>
            <InputNumber min={0} max={1_000_000} data-testid="relation-sort" />
          </Form.Item>
          <Form.Item name="F_EnabledMark" label={t('common:enabled')} valuePropName="checked">
            <Switch data-testid="relation-enabled" />
          </Form.Item>
          <Form.Item name="F_Description" label={t('common:description')} rules={rules('F_Description', t('common:description'))}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </>
      ),
    },
    { key: 'columns', label: t('tab.columns'), children: <ColumnsTab fields={fields} label={label} form={form} /> },
    { key: 'query', label: t('tab.query'), children: <QueryTab fields={fields} label={label} form={form} /> },
    {
      key: 'buttons',
      label: t('tab.buttons'),
      children: (
        <>
          <Form.Item name="buttons" label={t('buttons')}>
            <Checkbox.Group>
              {buttons.map((b) => (
                <Checkbox key={b} value={b} data-testid={`relation-button-${b}`}>
                  {t(`button.${b}`)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="pageSize" label={t('pageSize')}>
            <Select style={{ width: 120 }} options={PAGE_SIZES.map((s) => ({ value: s, label: String(s) }))} data-testid="relation-pagesize" />
          </Form.Item>
          <Form.Item label={t('sort')} extra={t('sortHint')}>
            <Space>
              <Form.Item name="sortField" noStyle>
                <Select
                  allowClear
                  style={{ width: 220 }}
                  placeholder={t('sortDefault')}
                  options={fields.map((f) => ({ value: f.field, label: f.label }))}
                  data-testid="relation-sort-field"
                />
              </Form.Item>
              <Form.Item name="sortOrder" noStyle>
                <Radio.Group
                  options={[
                    { value: 'asc', label: t('asc') },
                    { value: 'desc', label: t('desc') },
                  ]}
                />
              </Form.Item>
            </Space>
          </Form.Item>
        </>
      ),
    },
    { key: 'conditions', label: t('tab.conditions'), children: <ConditionsTab fields={fields} /> },
    {
      key: 'print',
      label: t('tab.print'),
      children: (
        <>
          <Form.Item name={['print', 'style']} label={t('printStyle')}>
            <Select style={{ width: 200 }} options={PRINT_STYLES.map((s) => ({ value: s, label: t(`printStyles.${s}`) }))} data-testid="relation-print-style" />
          </Form.Item>
          <Form.Item name={['print', 'type']} label={t('printType')}>
            <Select
              style={{ width: 200 }}
              options={PRINT_TYPES.map((p) => ({
                value: p,
                label: t('paper', { size: PRINT_TYPE_PAGE[p].size, orientation: t(PRINT_TYPE_PAGE[p].landscape ? 'landscape' : 'portrait') }),
              }))}
              data-testid="relation-print-type"
            />
          </Form.Item>
          <Form.Item name={['print', 'titleUnderline']} label={t('titleUnderline')} valuePropName="checked">
            <Switch data-testid="relation-print-underline" />
          </Form.Item>
          <Form.Item name={['print', 'borderColor']} label={t('borderColor')} getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
            <ColorPicker disabledAlpha showText data-testid="relation-print-border" />
          </Form.Item>
          <Form.Item name={['print', 'title']} label={t('printTitle')} extra={t('printTitleHint')}>
            <Input maxLength={100} data-testid="relation-print-title" />
          </Form.Item>
        </>
      ),
    },
  ];

  return (
    <Form<EditorValues>
      form={form}
      initialValues={initial}
      labelCol={{ flex: '110px' }}
      onValuesChange={(changed) => {
        // Another form: the configured fields were the old form's.
        if ('F_FormId' in changed) form.setFieldsValue({ columns: [], queryFields: [], conditions: [], sortField: undefined });
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        items={tabItems.map((item) => ({ ...item, label: <span data-testid={`relation-tab-${item.key}`}>{item.label}</span>, forceRender: true }))}
      />
      {!formId && tab !== 'base' && <Alert type="info" showIcon title={t('chooseFormFirst')} style={{ marginTop: 8 }} />}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="relation-save">
          {t('common:save')}
        </Button>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
      </Space>
    </Form>
  );
}

/** Adds a field: a button, then a select of the fields not used yet (data-testid `<prefix>-add`, `<prefix>-field-new`). */
function AddField({ prefix, fields, used, max, onPick }: { prefix: string; fields: ListField[]; used: string[]; max: number; onPick: (f: ListField) => void }) {
  const { t } = useTranslation('formRelation');
  const [adding, setAdding] = useState(false);
  const free = fields.filter((f) => !used.includes(f.field));
  return (
    <Space style={{ marginTop: 8 }}>
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={used.length >= max || free.length === 0}
        onClick={() => setAdding(true)}
        data-testid={`${prefix}-add`}
      >
        {t('addField')}
      </Button>
      {adding && (
        <Select<string>
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('chooseField')}
          value={null as unknown as string}
          options={free.map((f) => ({ value: f.field, label: f.label }))}
          data-testid={`${prefix}-field-new`}
          onChange={(value) => {
            const picked = free.find((f) => f.field === value);
            if (picked) onPick(picked);
            setAdding(false);
          }}
        />
      )}
    </Space>
  );
}

const rowStyle: React.CSSProperties = { display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' };
const fieldCell: React.CSSProperties = { width: 170, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

function FieldName({ label, field }: { label: string; field: string }) {
  return (
    <span style={fieldCell} title={field}>
      {label} <Typography.Text type="secondary">{field}</Typography.Text>
    </span>
  );
}

function MoveButtons({
  index,
  count,
  move,
  remove,
  name,
}: {
  index: number;
  count: number;
  move: (a: number, b: number) => void;
  remove: (n: number) => void;
  name: number;
}) {
  const { t } = useTranslation('formRelation');
  return (
    <Space size={0}>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
        aria-label={t('moveUp')}
        title={t('moveUp')}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
        aria-label={t('moveDown')}
        title={t('moveDown')}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        onClick={() => remove(name)}
        aria-label={t('common:delete')}
        title={t('common:delete')}
      />
    </Space>
  );
}

function ColumnsTab({ fields, label, form }: { fields: ListField[]; label: (f: string) => string; form: FormInstance<EditorValues> }) {
  const { t } = useTranslation('formRelation');
  const rules = useRelationRules(listColumn);
  return (
    <Form.List
      name="columns"
      // The contract asks for at least one column; a Form.List takes only validator rules, so it is said here.
      rules={[
        {
          validator: async (_, v: unknown[] | undefined) => {
            if (!v?.length) throw new Error(t('columnsRequired'));
          },
        },
      ]}
    >
      {(items, { add, remove, move }, { errors }) => (
        <div data-testid="relation-columns">
          {items.map(({ key, name }, index) => {
            const field = String(form.getFieldValue(['columns', name, 'field']) ?? '');
            return (
              <div key={key} style={rowStyle} data-testid={`relation-column-${field}`}>
                <FieldName label={label(field)} field={field} />
                <Form.Item name={[name, 'label']} rules={rules('label', t('columnLabel'))} noStyle>
                  <Input size="small" style={{ width: 160 }} maxLength={100} placeholder={t('columnLabel')} data-testid={`relation-column-${field}-label`} />
                </Form.Item>
                <Form.Item name={[name, 'width']} noStyle>
                  <InputNumber size="small" min={40} max={1000} placeholder={t('width')} style={{ width: 90 }} data-testid={`relation-column-${field}-width`} />
                </Form.Item>
                <Form.Item name={[name, 'align']} noStyle>
                  <Select
                    size="small"
                    style={{ width: 90 }}
                    options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(`align.${a}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[name, 'sortable']} valuePropName="checked" noStyle>
                  <Checkbox data-testid={`relation-column-${field}-sortable`}>{t('sortable')}</Checkbox>
                </Form.Item>
                <MoveButtons index={index} count={items.length} move={move} remove={remove} name={name} />
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <AddField
            prefix="relation-columns"
            fields={fields}
            used={items.map(({ name }) => String(form.getFieldValue(['columns', name, 'field'])))}
            max={50}
            onPick={(f) => add({ field: f.field, label: '', width: null, align: 'left', sortable: false })}
          />
        </div>
      )}
    </Form.List>
  );
}

function QueryTab({ fields, label, form }: { fields: ListField[]; label: (f: string) => string; form: FormInstance<EditorValues> }) {
  const { t } = useTranslation('formRelation');
  const rules = useRelationRules(listQueryField);
  return (
    <Form.List name="queryFields">
      {(items, { add, remove, move }) => (
        <div data-testid="relation-query">
          {items.map(({ key, name }, index) => {
            const field = String(form.getFieldValue(['queryFields', name, 'field']) ?? '');
            return (
              <div key={key} style={rowStyle} data-testid={`relation-query-${field}`}>
                <FieldName label={label(field)} field={field} />
                <Form.Item name={[name, 'label']} rules={rules('label', t('columnLabel'))} noStyle>
                  <Input size="small" style={{ width: 160 }} maxLength={100} placeholder={t('columnLabel')} />
                </Form.Item>
                <Form.Item name={[name, 'match']} noStyle>
                  <Select
                    size="small"
                    style={{ width: 150 }}
                    options={QUERY_MATCHES.map((m) => ({ value: m, label: t(`match.${m}`) }))}
                    data-testid={`relation-query-${field}-match`}
                  />
                </Form.Item>
                <MoveButtons index={index} count={items.length} move={move} remove={remove} name={name} />
              </div>
            );
          })}
          <AddField
            prefix="relation-query"
            fields={fields}
            used={items.map(({ name }) => String(form.getFieldValue(['queryFields', name, 'field'])))}
            max={20}
            onPick={(f) => add({ field: f.field, label: '', match: f.type === 'system' ? 'range' : defaultMatchOf(f.type) })}
          />
        </div>
      )}
    </Form.List>
  );
}

function ConditionsTab({ fields }: { fields: ListField[] }) {
  const { t } = useTranslation('formRelation');
  const rules = useRelationRules(dataCondition);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('conditionsHint')}</Typography.Paragraph>
      <Form.List name="conditions">
        {(items, { add, remove }) => (
          <div data-testid="relation-conditions">
            {items.map(({ key, name }) => (
              <div key={key} style={rowStyle} data-testid={`relation-condition-${name}`}>
                <Form.Item name={[name, 'field']} rules={rules('field', t('conditionField'))} style={{ marginBottom: 0 }}>
                  <Select
                    size="small"
                    style={{ width: 200 }}
                    placeholder={t('conditionField')}
                    options={fields.map((f) => ({ value: f.field, label: f.label }))}
                    data-testid={`relation-condition-${name}-field`}
                  />
                </Form.Item>
                <Form.Item name={[name, 'operator']} style={{ marginBottom: 0 }}>
                  <Select
                    size="small"
                    style={{ width: 120 }}
                    options={CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))}
                    data-testid={`relation-condition-${name}-operator`}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {({ getFieldValue }) => {
                    const operator = getFieldValue(['conditions', name, 'operator']) as string;
                    const none = operator === 'empty' || operator === 'notEmpty';
                    return (
                      <Form.Item name={[name, 'value']} rules={rules('value', t('conditionValue'))} style={{ marginBottom: 0 }}>
                        <AutoComplete
                          size="small"
                          style={{ width: 220 }}
                          disabled={none}
                          placeholder={t('conditionValue')}
                          options={CONDITION_TOKENS.map((token) => ({ value: token, label: `${token} ${t(`token.${token.slice(1)}`)}` }))}
                          data-testid={`relation-condition-${name}-value`}
                        />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(name)}
                  aria-label={t('common:delete')}
                  title={t('common:delete')}
                />
              </div>
            ))}
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={items.length >= 20}
              onClick={() => add({ field: undefined, operator: 'eq', value: '' })}
              data-testid="relation-condition-add"
            >
              {t('addCondition')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  );
}
