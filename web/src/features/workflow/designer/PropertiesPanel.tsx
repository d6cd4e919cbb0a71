import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Divider, Empty, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, TreeSelect, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BTN_AGREE,
  BTN_REJECT,
  CANDIDATE_TYPES,
  MI_COMPLETION,
  type CandidateRule,
  type Forwarder,
  type NodeButton,
  type ScriptAction,
  type SubProcessConfig,
  type UserTaskConfig,
} from '@app/contracts';
import { ForwarderTable, PostPicker, RolePicker, UserPicker, orgTreeData, useOrgTree, type ForwarderRow, type OrgNode } from '../../../components/pickers';
import { schemeApi } from '../scheme/scheme-api';
import type { DesignerBridge, DiagramElement } from './bridge';
import {
  authorityOf,
  candidateOfType,
  candidateWith,
  completionPatch,
  conditionText,
  insertReference,
  multiInstanceOf,
  panelKind,
  readCallActivity,
  readProcess,
  readRawConfig,
  readScriptTask,
  readSubProcess,
  readTimer,
  readUserTask,
  rejectTargetOptions,
  sampleData,
  poolProcesses,
  TIMER_KINDS,
  timerTextLooksValid,
  timerValue,
  withAuthority,
  type ModdleLike,
  type TimerKind,
  type DesignField,
} from './wf-config';

/** A form bound to the scheme, with its value fields (for conditions and field authority). */
export interface BoundForm {
  formId: string;
  name: string;
  fields: DesignField[];
}

export interface PropertiesPanelProps {
  bridge: DesignerBridge;
  /** The selected element; the root (process) when nothing is selected. */
  element: DiagramElement;
  forms: BoundForm[];
}

/** A text input that writes on blur / Enter (one undo step per edit, not per key). */
function CommitInput({
  value,
  onCommit,
  testId,
  textarea,
  placeholder,
  status,
}: {
  value: string;
  onCommit: (v: string) => void;
  testId: string;
  textarea?: boolean;
  placeholder?: string;
  status?: 'error';
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return textarea ? (
    <Input.TextArea
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      autoSize={{ minRows: 2, maxRows: 6 }}
      data-testid={testId}
      placeholder={placeholder}
      status={status}
    />
  ) : (
    <Input
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
      placeholder={placeholder}
      status={status}
    />
  );
}

/** Our properties panel (docs/workflow-screens.md "Designer"): one section per element type, lazy (only the selection). */
export function PropertiesPanel({ bridge, element, forms }: PropertiesPanelProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const kind = panelKind(bo);
  const isRoot = element === bridge.root() || kind === 'process';
  return (
    <div data-testid="wfd-panel" data-element-id={element.id} data-kind={kind}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t(`kind.${kind}`)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {bo.$type.replace('bpmn:', '')}
        </Typography.Text>
      </Typography.Title>
      <Form layout="vertical" size="small">
        <Form.Item label={t('field.id')}>
          <CommitInput value={bo.id ?? ''} testId="wfd-prop-id" onCommit={(v) => v.trim() && bridge.update(element, { id: v.trim() })} />
        </Form.Item>
        <Form.Item label={t('field.name')}>
          <CommitInput value={bo.name ?? ''} testId="wfd-prop-name" onCommit={(v) => bridge.update(element, { name: v })} />
        </Form.Item>
        {isRoot && <ProcessSection bridge={bridge} element={element} />}
        {kind === 'userTask' && <UserTaskSection key={element.id} bridge={bridge} element={element} forms={forms} />}
        {kind === 'sequenceFlow' && <FlowSection key={element.id} bridge={bridge} element={element} forms={forms} />}
        {kind === 'gateway' && <GatewaySection bridge={bridge} element={element} />}
        {kind === 'scriptTask' && <ScriptSection key={element.id} bridge={bridge} element={element} />}
        {kind === 'callActivity' && <CallSection bridge={bridge} element={element} />}
        {kind === 'timer' && <TimerSection key={element.id} bridge={bridge} element={element} />}
        {kind === 'subProcess' && <SubProcessSection key={element.id} bridge={bridge} element={element} />}
      </Form>
    </div>
  );
}

type SectionProps = { bridge: DesignerBridge; element: DiagramElement };

function ProcessSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const config = readProcess(element.businessObject);
  const pools = poolProcesses(element.businessObject);
  // Several pools: the one that runs is the one marked executable; choosing it unmarks the others.
  const run = (id: string) => {
    for (const p of pools.processes) bridge.updateModdle(element, p, { isExecutable: p.id === id });
  };
  return (
    <>
      {pools.processes.length > 1 && (
        <Form.Item label={t('field.runningPool')} extra={t('hint.runningPool')} validateStatus={pools.running ? undefined : 'warning'}>
          <Select
            value={pools.running}
            placeholder={t('field.choosePool')}
            onChange={run}
            options={pools.processes.map((p) => ({ value: p.id!, label: `${p.name || p.id} (${p.id})` }))}
            data-testid="wfd-prop-runningPool"
          />
        </Form.Item>
      )}
      <Form.Item label={t('field.titleTemplate')} extra={t('hint.titleTemplate')}>
        <CommitInput
          value={config.titleTemplate}
          testId="wfd-prop-titleTemplate"
          onCommit={(v) => bridge.writeConfig(element, { ...readRawConfig(element.businessObject), titleTemplate: v })}
        />
      </Form.Item>
    </>
  );
}

/**
 * When several instances are done — a countersign's votes or a multi-instance sub-process's instances: all of them,
 * any one, or a share (1–100 %).
 */
function CompletionEditor({
  of,
  value,
  onChange,
}: {
  of: 'countersign' | 'subProcess';
  value: { completion: UserTaskConfig['completion']; percentage: number };
  onChange: (patch: Pick<UserTaskConfig, 'completion' | 'percentage'>) => void;
}) {
  const { t } = useTranslation('wfDesigner');
  const [labels, select, share] =
    of === 'countersign' ? ['completion', 'wfd-prop-completion', 'wfd-prop-percentage'] : ['subCompletion', 'wfd-prop-subCompletion', 'wfd-prop-subPercentage'];
  return (
    <Space align="start" wrap>
      <Form.Item label={t('field.completion')}>
        <Select
          style={{ width: 160 }}
          value={value.completion}
          onChange={(v) => onChange(completionPatch(v, value.percentage))}
          options={MI_COMPLETION.map((v) => ({ value: v, label: t(`${labels}.${v}`) }))}
          data-testid={select}
        />
      </Form.Item>
      {value.completion === 'percentage' && (
        <Form.Item label={t('field.percentage')}>
          <InputNumber
            min={1}
            max={100}
            value={value.percentage}
            onChange={(v) => onChange(completionPatch('percentage', v ?? 50))}
            suffix="%"
            data-testid={share}
          />
        </Form.Item>
      )}
    </Space>
  );
}

// ---------------------------------------------------------------- user task

function UserTaskSection({ bridge, element, forms }: SectionProps & { forms: BoundForm[] }) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readUserTask(bo);
  const write = (patch: Partial<UserTaskConfig>) => bridge.writeConfig(element, { ...config, ...patch });
  const mi = multiInstanceOf(bo);
  const setMi = (mode: 'none' | 'parallel' | 'sequential') => {
    bridge.update(element, {
      loopCharacteristics: mode === 'none' ? undefined : bridge.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: mode === 'sequential' }),
    });
  };
  const check = (key: 'approverChoice' | 'print' | 'transfer' | 'signation' | 'needPassword' | 'signatureRequired') => (
    <Checkbox key={key} checked={config[key]} onChange={(e) => write({ [key]: e.target.checked })} data-testid={`wfd-prop-${key}`}>
      {t(`field.${key}`)}
    </Checkbox>
  );
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('section.candidates')}
      </Divider>
      <CandidatesEditor value={config.candidates} forms={forms} onChange={(candidates) => write({ candidates })} />
      <div style={{ margin: '8px 0' }}>{check('approverChoice')}</div>
      <Form.Item label={t('field.whenNoCandidate')}>
        <Select
          value={config.whenNoCandidate}
          onChange={(v) => write({ whenNoCandidate: v })}
          options={[
            { value: 'refuse', label: t('whenNoCandidate.refuse') },
            { value: 'skip', label: t('whenNoCandidate.skip') },
          ]}
          data-testid="wfd-prop-whenNoCandidate"
        />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('section.countersign')}
      </Divider>
      <Form.Item label={t('field.multiInstance')}>
        <Select
          value={mi}
          onChange={setMi}
          options={(['none', 'parallel', 'sequential'] as const).map((v) => ({ value: v, label: t(`multiInstance.${v}`) }))}
          data-testid="wfd-prop-multiInstance"
        />
      </Form.Item>
      {mi !== 'none' && <CompletionEditor of="countersign" value={config} onChange={write} />}
      <Divider titlePlacement="start" plain>
        {t('section.buttons')}
      </Divider>
      <ButtonsEditor value={config.buttons} onChange={(buttons) => write({ buttons })} />
      <Form.Item label={t('field.rejectTargets')} extra={t('hint.rejectTargets')} style={{ marginTop: 8 }}>
        <Select
          mode="multiple"
          allowClear
          value={config.rejectTargets}
          onChange={(rejectTargets) => write({ rejectTargets })}
          options={rejectTargetOptions(bridge.nodes(), bo.id ?? '')}
          data-testid="wfd-prop-rejectTargets"
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 8 }}>
        {check('print')}
        {check('transfer')}
        {check('signation')}
        {check('needPassword')}
        {check('signatureRequired')}
      </Space>
      <Divider titlePlacement="start" plain>
        {t('section.circulate')}
      </Divider>
      <CirculateEditor value={config.circulate} onChange={(circulate) => write({ circulate })} />
      <Divider titlePlacement="start" plain>
        {t('section.formAuthority')}
      </Divider>
      <FormAuthorityEditor config={config} forms={forms} onChange={(next) => write(next)} />
    </>
  );
}

function CandidatesEditor({ value, forms, onChange }: { value: CandidateRule[]; forms: BoundForm[]; onChange: (v: CandidateRule[]) => void }) {
  const { t } = useTranslation('wfDesigner');
  const [picking, setPicking] = useState<number | null>(null);
  const org = useOrgTree(value.some((r) => r.type === 'department'));
  const set = (i: number, rule: CandidateRule) => onChange(value.map((r, j) => (j === i ? rule : r)));
  const rule = picking === null ? undefined : value[picking];
  const fieldOptions = forms.flatMap((f) => f.fields.map((x) => ({ value: x.vModel, label: `${f.name} / ${x.label}` })));
  const pickedOk = (objects: { id: string; name: string }[]) => {
    if (picking !== null && rule) set(picking, candidateWith(rule, objects));
    setPicking(null);
  };
  return (
    <div data-testid="wfd-candidates">
      {value.map((r, i) => (
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 6 }} wrap data-testid={`wfd-candidate-${i}`}>
          <Select
            style={{ width: 130 }}
            value={r.type}
            onChange={(type) => set(i, candidateOfType(type))}
            options={CANDIDATE_TYPES.map((v) => ({ value: v, label: t(`candidate.${v}`) }))}
            data-testid={`wfd-candidate-type-${i}`}
          />
          {(r.type === 'user' || r.type === 'post' || r.type === 'role') && (
            <>
              <Button onClick={() => setPicking(i)} data-testid={`wfd-candidate-pick-${i}`}>
                {t('action.pick')}
              </Button>
              <span data-testid={`wfd-candidate-names-${i}`}>
                {(r.names ?? r.ids).map((n, k) => (
                  <Tag key={`${r.ids[k] ?? k}`}>{n}</Tag>
                ))}
              </span>
            </>
          )}
          {r.type === 'department' && (
            <TreeSelect
              style={{ minWidth: 200 }}
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeCheckStrictly
              value={r.ids.map((id, k) => ({ value: `department:${id}`, label: r.names?.[k] ?? id }))}
              treeData={departmentTree(org.data ?? [])}
              onChange={(vals: { value: string; label: React.ReactNode }[]) =>
                set(
                  i,
                  candidateWith(
                    r,
                    vals.map((v) => ({ id: String(v.value).replace(/^department:/, ''), name: String(v.label) })),
                  ),
                )
              }
              data-testid={`wfd-candidate-departments-${i}`}
            />
          )}
          {r.type === 'formField' && (
            <Select
              style={{ minWidth: 180 }}
              value={r.field || undefined}
              onChange={(field) => set(i, { ...r, field })}
              options={fieldOptions}
              placeholder={t('hint.userField')}
              data-testid={`wfd-candidate-field-${i}`}
            />
          )}
          <Button
            icon={<DeleteOutlined />}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
            aria-label={t('action.remove')}
            data-testid={`wfd-candidate-remove-${i}`}
          />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...value, candidateOfType('user')])} data-testid="wfd-candidate-add">
        {t('action.addCandidate')}
      </Button>
      <UserPicker
        open={rule?.type === 'user'}
        value={rule?.ids}
        onCancel={() => setPicking(null)}
        onOk={(_, users) => pickedOk(users.map((u) => ({ id: u.F_UserId, name: u.F_RealName })))}
      />
      <PostPicker
        open={rule?.type === 'post'}
        value={rule ? rule.ids.map((id, k) => ({ F_PostId: id, F_Name: rule.names?.[k] ?? id })) : []}
        onCancel={() => setPicking(null)}
        onOk={(posts) => pickedOk(posts.map((p) => ({ id: p.F_PostId, name: p.F_Name })))}
      />
      <RolePicker
        open={rule?.type === 'role'}
        value={rule ? rule.ids.map((id, k) => ({ F_RoleId: id, F_FullName: rule.names?.[k] ?? id })) : []}
        onCancel={() => setPicking(null)}
        onOk={(roles) => pickedOk(roles.map((p) => ({ id: p.F_RoleId, name: p.F_FullName })))}
      />
    </div>
  );
}

interface DeptTree {
  value: string;
  title: string;
  disabled?: boolean;
  children: DeptTree[];
}
/** The organisation tree for a department select: companies shown but not selectable. */
export function departmentTree(nodes: OrgNode[]): DeptTree[] {
  return orgTreeData(nodes).map(function conv(n): DeptTree {
    return { value: String(n.key), title: n.title, disabled: n.type !== 'department', children: (n.children ?? []).map(conv) };
  });
}

function ButtonsEditor({ value, onChange }: { value: NodeButton[]; onChange: (v: NodeButton[]) => void }) {
  const { t } = useTranslation('wfDesigner');
  const set = (i: number, b: NodeButton) => onChange(value.map((x, j) => (j === i ? b : x)));
  return (
    <div data-testid="wfd-buttons">
      {value.map((b, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 4 }}>
          <Select
            style={{ width: 110 }}
            value={b.value === BTN_AGREE || b.value === BTN_REJECT ? b.value : 'custom'}
            onChange={(v) => set(i, { ...b, value: v === 'custom' ? `custom_${i + 1}` : v })}
            options={[
              { value: BTN_AGREE, label: t('button.agree') },
              { value: BTN_REJECT, label: t('button.reject') },
              { value: 'custom', label: t('button.custom') },
            ]}
            data-testid={`wfd-button-kind-${i}`}
          />
          {b.value !== BTN_AGREE && b.value !== BTN_REJECT && (
            <CommitInput value={b.value} testId={`wfd-button-value-${i}`} onCommit={(v) => v.trim() && set(i, { ...b, value: v.trim() })} />
          )}
          <CommitInput value={b.name} testId={`wfd-button-name-${i}`} onCommit={(v) => v.trim() && set(i, { ...b, name: v.trim() })} />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('action.remove')} />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, { value: `custom_${value.length + 1}`, name: t('button.custom') }])}
        data-testid="wfd-button-add"
      >
        {t('action.addButton')}
      </Button>
    </div>
  );
}

function CirculateEditor({ value, onChange }: { value: Forwarder[]; onChange: (v: Forwarder[]) => void }) {
  const rows: ForwarderRow[] = value
    .filter((f): f is Forwarder & { F_ObjType: '1' | '2' | '3' } => f.F_ObjType !== '4')
    .map((f, i) => ({ F_Id: f.F_Id ?? `${f.F_ObjType}-${f.F_ObjId}-${i}`, F_ObjId: f.F_ObjId, F_ObjName: f.F_ObjName, F_ObjType: f.F_ObjType }));
  return (
    <div data-testid="wfd-circulate">
      <ForwarderTable
        value={rows}
        onChange={(next) => onChange(next.map((r) => ({ F_Id: r.F_Id, F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType })))}
      />
    </div>
  );
}

function FormAuthorityEditor({ config, forms, onChange }: { config: UserTaskConfig; forms: BoundForm[]; onChange: (c: UserTaskConfig) => void }) {
  const { t } = useTranslation('wfDesigner');
  if (forms.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hint.noForms')} />;
  return (
    <div data-testid="wfd-authority">
      {forms.map((f) => (
        <div key={f.formId} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{f.name}</Typography.Text>
          <EditableSummary config={config} form={f} />
          <Table
            size="small"
            rowKey="formId"
            pagination={false}
            dataSource={f.fields}
            columns={[
              { title: t('authority.field'), key: 'label', render: (_: unknown, x: DesignField) => <span>{x.label}</span> },
              ...(['view', 'edit', 'required'] as const).map((k) => ({
                title: t(`authority.${k}`),
                key: k,
                width: 56,
                render: (_: unknown, x: DesignField) => (
                  <Checkbox
                    checked={authorityOf(config, f.formId, x.formId)[k]}
                    onChange={(e) => onChange(withAuthority(config, f.formId, x.formId, { [k]: e.target.checked }))}
                    data-testid={`wfd-authority-${k}-${x.vModel}`}
                  />
                ),
              })),
            ]}
          />
        </div>
      ))}
    </div>
  );
}

/** Says plainly whether the approver of this node may change the applicant's data, and which fields. */
function EditableSummary({ config, form }: { config: UserTaskConfig; form: BoundForm }) {
  const { t } = useTranslation('wfDesigner');
  const editable = form.fields.filter((x) => authorityOf(config, form.formId, x.formId).edit).map((x) => x.label);
  return (
    <div style={{ margin: '4px 0' }} data-testid="wfd-authority-summary" data-editable={editable.length}>
      {editable.length === 0 ? (
        <Tag color="default">{t('authority.readOnly')}</Tag>
      ) : (
        <Tag color="warning" style={{ whiteSpace: 'normal' }}>
          {t('authority.mayEdit', { fields: editable.join(t('authority.separator')) })}
        </Tag>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- flows and gateways

function isChoiceGateway(el: DiagramElement | undefined): boolean {
  const type = el?.businessObject.$type;
  return type === 'bpmn:ExclusiveGateway' || type === 'bpmn:InclusiveGateway';
}

function FlowSection({ bridge, element, forms }: SectionProps & { forms: BoundForm[] }) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const source = element.source;
  const condition = conditionText(bo);
  const [draft, setDraft] = useState(condition);
  useEffect(() => setDraft(condition), [condition]);
  const [sample, setSample] = useState('{}');
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const { message } = App.useApp();
  const commit = (text: string) => {
    if (text === condition) return;
    bridge.update(element, { conditionExpression: text.trim() === '' ? undefined : bridge.create('bpmn:FormalExpression', { body: text.trim() }) });
  };
  const isDefault = !!source && (source.businessObject.default as { id?: string } | undefined)?.id === bo.id;
  const test = async () => {
    const parsed = sampleData(sample);
    if ('error' in parsed) return void message.error(t('message.badSample'));
    const r = await schemeApi.testCondition({ expression: draft, data: parsed.data });
    setResult(r.error ? { text: r.error, ok: false } : { text: `${JSON.stringify(r.result)} → ${r.truthy ? t('test.true') : t('test.false')}`, ok: r.truthy });
  };
  const fieldOptions = forms.flatMap((f) => f.fields.map((x) => ({ value: x.vModel, label: `${f.name} / ${x.label} (${x.vModel})` })));
  return (
    <>
      <Form.Item label={t('field.condition')} extra={t('hint.condition')}>
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => commit(draft)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="days > 3"
          data-testid="wfd-prop-condition"
          disabled={isDefault}
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('field.insertField')}
          value={null}
          options={fieldOptions}
          onChange={(v: string) => {
            const next = insertReference(draft, v);
            setDraft(next);
            commit(next);
          }}
          data-testid="wfd-prop-condition-field"
          disabled={isDefault}
        />
      </Space>
      {isChoiceGateway(source) && source && (
        <Form.Item>
          <Switch
            checked={isDefault}
            onChange={(on) => {
              if (on && condition) bridge.update(element, { conditionExpression: undefined });
              bridge.update(source, { default: on ? bo : undefined });
            }}
            data-testid="wfd-prop-defaultFlow"
          />{' '}
          {t('field.defaultFlow')}
        </Form.Item>
      )}
      <Divider titlePlacement="start" plain>
        {t('section.test')}
      </Divider>
      <Input.TextArea value={sample} onChange={(e) => setSample(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="wfd-test-data" />
      <Space style={{ marginTop: 6 }}>
        <Button size="small" onClick={() => void test()} data-testid="wfd-test-run" disabled={draft.trim() === ''}>
          {t('action.test')}
        </Button>
        {result && (
          <Tag color={result.ok ? 'green' : 'red'} data-testid="wfd-test-result">
            {result.text}
          </Tag>
        )}
      </Space>
    </>
  );
}

function GatewaySection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  if (!isChoiceGateway(element)) return null;
  const out = element.outgoing ?? [];
  const current = (element.businessObject.default as { id?: string } | undefined)?.id;
  return (
    <Form.Item label={t('field.defaultFlow')}>
      <Select
        allowClear
        value={current}
        onChange={(id?: string) => bridge.update(element, { default: out.find((f) => f.id === id)?.businessObject })}
        options={out.map((f) => ({
          value: f.id,
          label: `${f.businessObject.name ? `${f.businessObject.name}: ` : ''}→ ${f.target?.businessObject.name || f.target?.id || '?'} (${f.id})`,
        }))}
        data-testid="wfd-prop-gatewayDefault"
      />
    </Form.Item>
  );
}

// ---------------------------------------------------------------- script, call activity, timer

function ScriptSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const config = readScriptTask(element.businessObject);
  const write = (actions: ScriptAction[]) => bridge.writeConfig(element, { ...config, actions });
  const set = (i: number, a: ScriptAction) => write(config.actions.map((x, j) => (j === i ? a : x)));
  const { token } = theme.useToken();
  return (
    <div data-testid="wfd-script">
      {config.actions.map((a, i) => (
        <div key={i} style={{ border: `1px solid ${token.colorBorderSecondary}`, padding: 6, marginBottom: 6, borderRadius: 4 }}>
          <Space style={{ marginBottom: 4 }}>
            <Select
              style={{ width: 130 }}
              value={a.type}
              onChange={(type) => set(i, type === 'set' ? { type, variable: 'result', expression: '' } : { type, interfaceId: '-', params: {} })}
              options={[
                { value: 'set', label: t('script.set') },
                { value: 'interface', label: t('script.interface') },
              ]}
              data-testid={`wfd-script-type-${i}`}
            />
            <Button icon={<DeleteOutlined />} onClick={() => write(config.actions.filter((_, j) => j !== i))} aria-label={t('action.remove')} />
          </Space>
          {a.type === 'set' ? (
            <>
              <CommitInput
                value={a.variable}
                placeholder={t('script.variable')}
                testId={`wfd-script-variable-${i}`}
                onCommit={(v) => v.trim() && set(i, { ...a, variable: v.trim() })}
              />
              <CommitInput
                value={a.expression}
                placeholder={t('script.expression')}
                testId={`wfd-script-expression-${i}`}
                onCommit={(v) => set(i, { ...a, expression: v })}
              />
            </>
          ) : (
            <>
              <CommitInput
                value={a.interfaceId}
                placeholder={t('script.interfaceId')}
                testId={`wfd-script-interface-${i}`}
                onCommit={(v) => v.trim() && set(i, { ...a, interfaceId: v.trim() })}
              />
              <ParamsInput value={a.params} onChange={(params) => set(i, { ...a, params })} testId={`wfd-script-params-${i}`} />
              <CommitInput
                value={a.resultVariable ?? ''}
                placeholder={t('script.resultVariable')}
                testId={`wfd-script-result-${i}`}
                onCommit={(v) => set(i, { ...a, resultVariable: v.trim() || undefined })}
              />
            </>
          )}
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => write([...config.actions, { type: 'set', variable: 'result', expression: '' }])}
        data-testid="wfd-script-add"
      >
        {t('action.addAction')}
      </Button>
    </div>
  );
}

/** Interface parameters as JSON text (name → expression). */
function ParamsInput({ value, onChange, testId }: { value: Record<string, string>; onChange: (v: Record<string, string>) => void; testId: string }) {
  const { t } = useTranslation('wfDesigner');
  const [bad, setBad] = useState(false);
  return (
    <CommitInput
      textarea
      value={JSON.stringify(value)}
      placeholder={t('script.params')}
      status={bad ? 'error' : undefined}
      testId={testId}
      onCommit={(text) => {
        const r = sampleData(text);
        const ok = 'data' in r && Object.values(r.data).every((v) => typeof v === 'string');
        setBad(!ok);
        if (ok && 'data' in r) onChange(r.data as Record<string, string>);
      }}
    />
  );
}

function CallSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readCallActivity(bo);
  return (
    <>
      <Form.Item label={t('field.calledElement')} extra={t('hint.calledElement')}>
        <CommitInput
          value={typeof bo.calledElement === 'string' ? bo.calledElement : ''}
          testId="wfd-prop-calledElement"
          onCommit={(v) => bridge.update(element, { calledElement: v.trim() || undefined })}
        />
      </Form.Item>
      <Form.Item label={t('field.outputs')} extra={t('hint.outputs')}>
        <Select
          mode="tags"
          value={config.outputs}
          onChange={(outputs: string[]) => bridge.writeConfig(element, { ...config, outputs })}
          data-testid="wfd-prop-outputs"
        />
      </Form.Item>
    </>
  );
}

function TimerSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readTimer(bo);
  const { kind, text } = timerValue(bo);
  const [chosenKind, setChosenKind] = useState<TimerKind>(kind);
  useEffect(() => setChosenKind(kind), [kind, element.id]);
  const def = (Array.isArray(bo.eventDefinitions) ? (bo.eventDefinitions as DiagramElement['businessObject'][]) : []).find(
    (d) => d.$type === 'bpmn:TimerEventDefinition',
  );
  // One of duration, date and cycle: writing one clears the others.
  const write = (which: TimerKind, value: string) => {
    if (!def) return;
    const props: Record<string, unknown> = { timeDuration: undefined, timeDate: undefined, timeCycle: undefined };
    if (value.trim()) props[which] = bridge.create('bpmn:FormalExpression', { body: value.trim() });
    bridge.updateModdle(element, def, props);
  };
  const boundary = bo.$type === 'bpmn:BoundaryEvent';
  // With an outgoing flow BPMN decides what happens (interrupting or not); remind / approve are for a timer without one.
  const leadsOn = (element.outgoing ?? []).length > 0;
  return (
    <>
      <Form.Item label={t('field.timerKind')}>
        <Select
          value={chosenKind}
          onChange={(next: TimerKind) => {
            setChosenKind(next);
            if (text.trim()) write(next, text);
          }}
          options={TIMER_KINDS.map((k) => ({ value: k, label: t(`timerKind.${k}`) }))}
          data-testid="wfd-prop-timerKind"
        />
      </Form.Item>
      <Form.Item label={t(`field.${chosenKind}`)} extra={t(`hint.${chosenKind}`)} validateStatus={timerTextLooksValid(chosenKind, text) ? undefined : 'error'}>
        <CommitInput
          value={text}
          placeholder={{ timeDuration: 'PT2H', timeDate: '2026-12-31T18:00:00+08:00', timeCycle: 'R3/PT1H' }[chosenKind]}
          testId="wfd-prop-duration"
          onCommit={(v) => write(chosenKind, v)}
        />
      </Form.Item>
      {boundary && (
        <Checkbox
          checked={bo.cancelActivity !== false}
          onChange={(e) => bridge.update(element, { cancelActivity: e.target.checked })}
          data-testid="wfd-prop-cancelActivity"
        >
          {t('field.cancelActivity')}
        </Checkbox>
      )}
      {boundary && !leadsOn && (
        <Form.Item label={t('field.timerAction')} style={{ marginTop: 8 }}>
          <Select
            value={config.action}
            onChange={(action) => bridge.writeConfig(element, { ...config, action })}
            options={[
              { value: 'remind', label: t('timerAction.remind') },
              { value: 'approve', label: t('timerAction.approve') },
            ]}
            data-testid="wfd-prop-timerAction"
          />
        </Form.Item>
      )}
      {boundary && leadsOn && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="wfd-timer-flow-hint">
          {t(bo.cancelActivity === false ? 'hint.timerFork' : 'hint.timerFlow')}
        </Typography.Paragraph>
      )}
    </>
  );
}

// ---------------------------------------------------------------- sub-process

function SubProcessSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readSubProcess(bo);
  const write = (patch: Partial<SubProcessConfig>) => bridge.writeConfig(element, { ...config, ...patch });
  const mi = multiInstanceOf(bo);
  const loop = bo.loopCharacteristics as ModdleLike | undefined;
  const cardinality = ((loop?.loopCardinality as ModdleLike | undefined)?.body as string | undefined) ?? '';
  const condition = ((loop?.completionCondition as ModdleLike | undefined)?.body as string | undefined) ?? '';
  const byList = config.collection !== undefined;
  const setMi = (mode: 'none' | 'parallel' | 'sequential') => {
    if (mode === 'none') return bridge.update(element, { loopCharacteristics: undefined });
    if (loop) return bridge.updateModdle(element, loop, { isSequential: mode === 'sequential' });
    bridge.update(element, {
      loopCharacteristics: bridge.create('bpmn:MultiInstanceLoopCharacteristics', {
        isSequential: mode === 'sequential',
        loopCardinality: bridge.create('bpmn:FormalExpression', { body: '2' }),
      }),
    });
  };
  const expression = (body: string) => (body.trim() ? bridge.create('bpmn:FormalExpression', { body: body.trim() }) : undefined);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('section.subProcess')}
      </Divider>
      <Form.Item label={t('field.subMultiInstance')} extra={t('hint.subMultiInstance')}>
        <Select
          value={mi}
          onChange={setMi}
          options={(['none', 'parallel', 'sequential'] as const).map((v) => ({ value: v, label: t(`subMultiInstance.${v}`) }))}
          data-testid="wfd-prop-subMultiInstance"
        />
      </Form.Item>
      {mi !== 'none' && loop && (
        <>
          <Form.Item label={t('field.instancesBy')}>
            <Select
              value={byList ? 'list' : 'count'}
              onChange={(by: 'count' | 'list') => {
                if (by === 'list') {
                  write({ collection: '', elementVariable: config.elementVariable ?? 'item' });
                  bridge.updateModdle(element, loop, { loopCardinality: undefined });
                } else {
                  const { collection: _c, elementVariable: _e, ...rest } = config;
                  bridge.writeConfig(element, rest);
                  bridge.updateModdle(element, loop, { loopCardinality: expression(cardinality || '2') });
                }
              }}
              options={[
                { value: 'count', label: t('instancesBy.count') },
                { value: 'list', label: t('instancesBy.list') },
              ]}
              data-testid="wfd-prop-instancesBy"
            />
          </Form.Item>
          {byList ? (
            <Space align="start" wrap>
              <Form.Item label={t('field.collection')} extra={t('hint.collection')}>
                <CommitInput
                  value={config.collection ?? ''}
                  placeholder="regions"
                  testId="wfd-prop-collection"
                  onCommit={(v) => write({ collection: v.trim() })}
                />
              </Form.Item>
              <Form.Item label={t('field.elementVariable')}>
                <CommitInput
                  value={config.elementVariable ?? 'item'}
                  testId="wfd-prop-elementVariable"
                  onCommit={(v) => write({ elementVariable: v.trim() || 'item' })}
                />
              </Form.Item>
            </Space>
          ) : (
            <Form.Item label={t('field.cardinality')} extra={t('hint.cardinality')}>
              <CommitInput
                value={cardinality}
                placeholder="3"
                testId="wfd-prop-cardinality"
                onCommit={(v) => bridge.updateModdle(element, loop, { loopCardinality: expression(v) })}
              />
            </Form.Item>
          )}
          <CompletionEditor of="subProcess" value={config} onChange={write} />
          <Form.Item label={t('field.completionCondition')} extra={t('hint.completionCondition')}>
            <CommitInput
              value={condition}
              placeholder="nrOfCompletedInstances >= 2"
              testId="wfd-prop-completionCondition"
              onCommit={(v) => bridge.updateModdle(element, loop, { completionCondition: expression(v) })}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}
