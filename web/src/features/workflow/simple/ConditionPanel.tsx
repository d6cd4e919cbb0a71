import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Divider, Form, Input, InputNumber, Select, Space, Tag, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConditionClause, SimpleConditionBranch, SimpleConditionOp } from '@app/contracts';
import { useDictionary } from '../../../components/dictionary';
import { UserPicker, useOrgTree } from '../../../components/pickers';
import { departmentTree } from '../designer/department-tree';
import type { ConditionField, FieldKind } from './fields';

/** The initiator's facts a condition may name, as fields. */
export function starterFields(t: (k: string) => string): ConditionField[] {
  return [
    { vModel: '@starter', label: t('condition.starter'), formName: '', kind: 'user' },
    { vModel: '@starterDepartment', label: t('condition.starterDepartment'), formName: '', kind: 'department' },
  ];
}

/** The comparisons a field kind offers (ordering ones only for numbers). */
export function opsFor(kind: FieldKind, field: string): SimpleConditionOp[] {
  if (field === '@starter' || field === '@starterDepartment') return ['in', 'notIn', 'eq', 'ne'];
  switch (kind) {
    case 'number':
      return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'notEmpty'];
    case 'options':
    case 'dictionary':
    case 'user':
    case 'department':
      return ['eq', 'ne', 'in', 'notIn', 'contains', 'notContains', 'empty', 'notEmpty'];
    default:
      return ['eq', 'ne', 'contains', 'notContains', 'in', 'notIn', 'empty', 'notEmpty'];
  }
}

const multiple = (op: SimpleConditionOp) => op === 'in' || op === 'notIn';

interface ConditionPanelProps {
  branch: SimpleConditionBranch;
  onChange: (branch: SimpleConditionBranch) => void;
  /** The bound forms' value fields and the initiator's. */
  fields: ConditionField[];
}

/** 条件设置: the branch's name and its condition, 且 within a group, 或 between groups. */
export function ConditionPanel({ branch, onChange, fields }: ConditionPanelProps) {
  const { t } = useTranslation('wfSimple');
  const groups = branch.conditions;
  const setGroups = (conditions: ConditionClause[][]) => onChange({ ...branch, conditions: conditions.filter((g) => g.length > 0) });
  const setClause = (g: number, c: number, clause: ConditionClause) =>
    setGroups(groups.map((grp, i) => (i === g ? grp.map((x, j) => (j === c ? clause : x)) : grp)));
  const removeClause = (g: number, c: number) => setGroups(groups.map((grp, i) => (i === g ? grp.filter((_, j) => j !== c) : grp)));
  const blank = (): ConditionClause => ({ field: fields[0]?.vModel ?? '@starter', label: fields[0]?.label ?? '', op: 'eq', values: [] });
  // A branch without a condition shows one empty group to start from.
  const shown = groups.length ? groups : [[]];

  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label={t('field.conditionName')}>
        <Input
          key={`${branch.id}:${branch.name}`}
          defaultValue={branch.name}
          maxLength={200}
          onBlur={(e) => e.target.value.trim() && e.target.value !== branch.name && onChange({ ...branch, name: e.target.value.trim() })}
          onPressEnter={(e) => e.currentTarget.blur()}
          data-testid="wfs-condition-name"
        />
      </Form.Item>
      {branch.otherwise ? (
        <Alert type="info" showIcon title={t('condition.otherwiseHint')} />
      ) : (
        <>
          {branch.expression && groups.length === 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('condition.expressionHint', { text: branch.expression })} />
          )}
          {shown.map((grp, g) => (
            <div key={g}>
              {g > 0 && (
                <Divider plain style={{ margin: '8px 0' }}>
                  <Tag color="purple">{t('condition.or')}</Tag>
                </Divider>
              )}
              <Card size="small" title={t('field.group', { n: g + 1 })} data-testid={`wfs-condition-group-${g}`}>
                {grp.map((clause, c) => (
                  <div key={c}>
                    {c > 0 && <Tag style={{ margin: '4px 0' }}>{t('condition.and')}</Tag>}
                    <ClauseEditor g={g} c={c} clause={clause} fields={fields} onChange={(next) => setClause(g, c, next)} onRemove={() => removeClause(g, c)} />
                  </div>
                ))}
                <Button
                  size="small"
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ marginTop: 6 }}
                  onClick={() => {
                    if (g >= groups.length) setGroups([...groups, [blank()]]);
                    else setGroups(groups.map((x, i) => (i === g ? [...x, blank()] : x)));
                  }}
                  data-testid={`wfs-condition-add-clause-${g}`}
                >
                  {t('action.addClause')}
                </Button>
              </Card>
            </div>
          ))}
          <Button
            block
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 12 }}
            onClick={() => setGroups([...groups, [blank()]])}
            data-testid="wfs-condition-add-group"
          >
            {t('action.addGroup')}
          </Button>
        </>
      )}
    </Form>
  );
}

interface ClauseEditorProps {
  g: number;
  c: number;
  clause: ConditionClause;
  fields: ConditionField[];
  onChange: (clause: ConditionClause) => void;
  onRemove: () => void;
}

/** One comparison: field, operator, value(s) typed as the field is. */
function ClauseEditor({ g, c, clause, fields, onChange, onRemove }: ClauseEditorProps) {
  const { t } = useTranslation('wfSimple');
  const field = fields.find((f) => f.vModel === clause.field);
  const kind: FieldKind = field?.kind ?? 'text';
  const ops = opsFor(kind, clause.field);
  const fieldOptions = [
    ...fields.map((f) => ({ value: f.vModel, label: f.label })),
    // A field gone from the forms stays visible by its stored label (the check names it).
    ...(field ? [] : [{ value: clause.field, label: clause.label || clause.field }]),
  ];
  return (
    <Space.Compact block style={{ flexWrap: 'wrap', rowGap: 4 }} data-testid={`wfs-condition-clause-${g}-${c}`}>
      <Select
        style={{ width: '38%', minWidth: 120 }}
        value={clause.field}
        showSearch
        optionFilterProp="label"
        options={fieldOptions}
        onChange={(v: string) => {
          const f = fields.find((x) => x.vModel === v);
          const nextOps = opsFor(f?.kind ?? 'text', v);
          onChange({ field: v, label: f?.label ?? '', op: nextOps.includes(clause.op) ? clause.op : nextOps[0]!, values: [], valueLabels: undefined });
        }}
        data-testid={`wfs-condition-field-${g}-${c}`}
      />
      <Select
        style={{ width: '28%', minWidth: 90 }}
        value={clause.op}
        options={ops.map((op) => ({ value: op, label: t(`op.${op}`) }))}
        onChange={(op: SimpleConditionOp) =>
          onChange({
            ...clause,
            op,
            values:
              multiple(op) || op === 'empty' || op === 'notEmpty' ? (op === 'empty' || op === 'notEmpty' ? [] : clause.values) : clause.values.slice(0, 1),
            valueLabels: multiple(op) ? clause.valueLabels : clause.valueLabels?.slice(0, 1),
          })
        }
        data-testid={`wfs-condition-op-${g}-${c}`}
      />
      {clause.op !== 'empty' && clause.op !== 'notEmpty' && (
        <div style={{ flex: 1, minWidth: 120 }} data-testid={`wfs-condition-value-${g}-${c}`}>
          <ValueEditor clause={clause} field={field} onChange={onChange} />
        </div>
      )}
      <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('action.removeClause')} data-testid={`wfs-condition-remove-${g}-${c}`} />
    </Space.Compact>
  );
}

/** The value input of a clause by the field's kind. */
function ValueEditor({ clause, field, onChange }: { clause: ConditionClause; field: ConditionField | undefined; onChange: (c: ConditionClause) => void }) {
  const { t } = useTranslation('wfSimple');
  const [picking, setPicking] = useState(false);
  const many = multiple(clause.op);
  const kind = field?.kind ?? 'text';
  const org = useOrgTree(kind === 'department');
  const dictionary = useDictionary(kind === 'dictionary' ? (field?.dictionary ?? '') : '');
  const set = (values: string[], valueLabels?: string[]) => onChange({ ...clause, values, valueLabels });

  if (kind === 'number' && !many)
    return (
      <InputNumber
        style={{ width: '100%' }}
        value={clause.values[0] === undefined || clause.values[0] === '' ? null : Number(clause.values[0])}
        onChange={(v) => set(v === null || v === undefined ? [] : [String(v)])}
      />
    );
  if (kind === 'options' || kind === 'dictionary') {
    const options = kind === 'options' ? (field?.options ?? []) : (dictionary.data ?? []).map((i) => ({ value: i.F_ItemValue, label: i.F_ItemName }));
    return (
      <Select
        style={{ width: '100%' }}
        mode={many ? 'multiple' : undefined}
        value={many ? clause.values : clause.values[0]}
        options={options}
        onChange={(v: string | string[]) => {
          const values = Array.isArray(v) ? v : v === undefined ? [] : [v];
          set(
            values,
            values.map((x) => options.find((o) => o.value === x)?.label ?? x),
          );
        }}
      />
    );
  }
  if (kind === 'department')
    return (
      <TreeSelect
        style={{ width: '100%' }}
        multiple={many}
        treeCheckable={many}
        treeCheckStrictly={many}
        labelInValue
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        treeDefaultExpandAll
        value={clause.values.map((id, k) => ({ value: `department:${id}`, label: clause.valueLabels?.[k] ?? id }))}
        treeData={departmentTree(org.data ?? [])}
        onChange={(v: { value: string; label: ReactNode } | { value: string; label: ReactNode }[] | undefined) => {
          const list = Array.isArray(v) ? v : v ? [v] : [];
          set(
            list.map((x) => String(x.value).replace(/^department:/, '')),
            list.map((x) => String(x.label)),
          );
        }}
      />
    );
  if (kind === 'user')
    return (
      <Space wrap size={4}>
        <Button onClick={() => setPicking(true)}>{t('action.pick')}</Button>
        {(clause.valueLabels ?? clause.values).map((n, k) => (
          <Tag key={`${clause.values[k] ?? k}`}>{n}</Tag>
        ))}
        <UserPicker
          open={picking}
          single={!many}
          value={clause.values}
          onCancel={() => setPicking(false)}
          onOk={(_, users) => {
            set(
              users.map((u) => u.F_UserId),
              users.map((u) => u.F_RealName),
            );
            setPicking(false);
          }}
        />
      </Space>
    );
  if (many)
    return (
      <Select
        style={{ width: '100%' }}
        mode="tags"
        value={clause.values}
        open={false}
        suffixIcon={null}
        onChange={(values: string[]) => set(values)}
        tokenSeparators={[',', '，']}
      />
    );
  return (
    <Input
      key={`${clause.field}:${clause.values[0] ?? ''}`}
      defaultValue={clause.values[0] ?? ''}
      placeholder={kind === 'date' ? 'YYYY-MM-DD' : ''}
      onBlur={(e) => e.target.value !== (clause.values[0] ?? '') && set(e.target.value === '' ? [] : [e.target.value])}
      onPressEnter={(e) => e.currentTarget.blur()}
    />
  );
}
