import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Divider, Form, InputNumber, Radio, Select, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BTN_AGREE,
  BTN_REJECT,
  MAX_LEADER_LEVEL,
  START_ID,
  type CandidateRule,
  type SimpleApprover,
  type SimpleNode,
  type UserTaskConfig,
} from '@app/contracts';
import { PostPicker, RolePicker, UserPicker, useOrgTree } from '../../../components/pickers';
import { departmentTree } from '../designer/department-tree';
import { FormAuthorityEditor } from '../designer/FormAuthorityEditor';
import type { BoundForm } from '../designer/panel-section';
import type { ConditionField } from './fields';

/** The approver types offered, in DingTalk's order; department members and the previous approver's leader only when a card has them. */
const TYPES = ['user', 'role', 'post', 'starterLeader', 'departmentHead', 'starterChoice', 'formField', 'starter'] as const;
const MODES = ['sequential', 'all', 'any', 'percentage'] as const;
type RejectMode = 'all' | 'previous' | 'initiator' | 'chosen';

interface ApproverPanelProps {
  node: SimpleApprover;
  onChange: (node: SimpleNode) => void;
  forms: BoundForm[];
  fields: ConditionField[];
  /** Approver cards before this one on its path, nearest last (reject targets). */
  before: SimpleNode[];
}

/** 审批人设置: who approves, how several decide, when nobody is found, form and action permissions, signature, time limit. */
export function ApproverPanel({ node, onChange, forms, fields, before }: ApproverPanelProps) {
  const { t } = useTranslation('wfSimple');
  const [picking, setPicking] = useState<'user' | 'role' | 'post' | 'fallback' | null>(null);
  const config = node.config;
  const write = (patch: Partial<UserTaskConfig>) => onChange({ ...node, config: { ...config, ...patch } });
  // The card edits its first rule; further rules (drawn in the BPMN designer) are kept.
  const rule: CandidateRule = config.candidates[0] ?? { type: 'user', ids: [] };
  const setRule = (next: CandidateRule) => write({ candidates: [next, ...config.candidates.slice(1)] });
  const org = useOrgTree(rule.type === 'departmentHead' || rule.type === 'department');
  const typeOptions = [...TYPES, ...(TYPES.includes(rule.type as (typeof TYPES)[number]) ? [] : [rule.type])].map((v) => ({
    value: v,
    label: t(`approverType.${v}`),
  }));
  const picked = (objects: { id: string; name: string }[]) => {
    setRule({ ...rule, ids: objects.map((o) => o.id), names: objects.map((o) => o.name) });
    setPicking(null);
  };
  const names = (rule.names?.length ? rule.names : rule.ids).map((n, k) => <Tag key={`${rule.ids[k] ?? k}`}>{n}</Tag>);

  const previous = before.at(-1)?.id;
  const rejectMode: RejectMode =
    config.rejectTargets.length === 0
      ? 'all'
      : config.rejectTargets.length === 1 && config.rejectTargets[0] === START_ID
        ? 'initiator'
        : config.rejectTargets.length === 1 && config.rejectTargets[0] === previous
          ? 'previous'
          : 'chosen';
  const setRejectMode = (mode: RejectMode) =>
    write({
      rejectTargets:
        mode === 'all' ? [] : mode === 'initiator' ? [START_ID] : mode === 'previous' ? (previous ? [previous] : [START_ID]) : config.rejectTargets,
    });
  const canReject = config.buttons.some((b) => b.value === BTN_REJECT);
  const setReject = (on: boolean) =>
    write({
      buttons: on
        ? [...config.buttons.filter((b) => b.value !== BTN_REJECT), { value: BTN_REJECT, name: t('field.rejectButton') }]
        : config.buttons
            .filter((b) => b.value !== BTN_REJECT)
            .concat(config.buttons.some((b) => b.value === BTN_AGREE) ? [] : [{ value: BTN_AGREE, name: t('field.agreeButton') }]),
    });
  const check = (key: 'transfer' | 'signation' | 'print' | 'signatureRequired' | 'needPassword', testId: string, label: string) => (
    <Checkbox checked={config[key]} onChange={(e) => write({ [key]: e.target.checked })} data-testid={testId}>
      {label}
    </Checkbox>
  );
  const userFields = fields.filter((f) => f.kind === 'user');
  const deadline = node.deadline;

  let who: ReactNode = null;
  if (rule.type === 'user' || rule.type === 'role' || rule.type === 'post') {
    who = (
      <Space wrap>
        <Button onClick={() => setPicking(rule.type as 'user' | 'role' | 'post')} data-testid="wfs-approver-pick">
          {t('action.pick')}
        </Button>
        <span data-testid="wfs-approver-names">{names}</span>
      </Space>
    );
  } else if (rule.type === 'starterLeader') {
    who = (
      <Select
        style={{ width: '100%' }}
        value={rule.level ?? 1}
        onChange={(level: number) => setRule({ ...rule, level })}
        options={Array.from({ length: MAX_LEADER_LEVEL }, (_, i) => ({ value: i + 1, label: t('levelOption', { n: i + 1 }) }))}
        data-testid="wfs-approver-level"
      />
    );
  } else if (rule.type === 'departmentHead' || rule.type === 'department') {
    who = (
      <TreeSelect
        style={{ width: '100%' }}
        multiple
        treeCheckable
        treeCheckStrictly
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        treeDefaultExpandAll
        value={rule.ids.map((id, k) => ({ value: `department:${id}`, label: rule.names?.[k] ?? id }))}
        treeData={departmentTree(org.data ?? [])}
        onChange={(vals: { value: string; label: ReactNode }[]) =>
          picked(vals.map((v) => ({ id: String(v.value).replace(/^department:/, ''), name: String(v.label) })))
        }
        placeholder={t('field.departments')}
        data-testid="wfs-approver-departments"
      />
    );
  } else if (rule.type === 'formField') {
    who = (
      <Select
        style={{ width: '100%' }}
        value={rule.field || undefined}
        onChange={(field: string) => setRule({ ...rule, field })}
        options={(userFields.length ? userFields : fields).map((f) => ({ value: f.vModel, label: `${f.formName} / ${f.label}` }))}
        placeholder={t('field.userField')}
        data-testid="wfs-approver-field"
      />
    );
  }

  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label={t('field.approverType')}>
        <Select
          value={rule.type}
          onChange={(type: CandidateRule['type']) =>
            setRule(type === 'formField' ? { type, ids: [], field: '' } : type === 'starterLeader' ? { type, ids: [], level: 1 } : { type, ids: [] })
          }
          options={typeOptions}
          data-testid="wfs-approver-type"
        />
      </Form.Item>
      {who && <Form.Item>{who}</Form.Item>}
      {config.candidates.length > 1 && <Typography.Text type="secondary">{t('card.moreRules', { count: config.candidates.length - 1 })}</Typography.Text>}

      <Form.Item label={t('field.mode')}>
        <Radio.Group value={node.mode} onChange={(e) => onChange({ ...node, mode: e.target.value })} data-testid="wfs-approver-mode">
          <Space orientation="vertical">
            {MODES.map((m) => (
              <Radio key={m} value={m} data-testid={`wfs-approver-mode-${m}`}>
                {t(`mode.${m}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      {node.mode === 'percentage' && (
        <Form.Item label={t('field.percentage')}>
          <InputNumber
            min={1}
            max={100}
            suffix="%"
            value={config.percentage}
            onChange={(v) => write({ percentage: Math.round(v ?? 50) })}
            data-testid="wfs-approver-percentage"
          />
        </Form.Item>
      )}

      <Form.Item label={t('field.whenNone')}>
        <Radio.Group value={config.whenNoCandidate} onChange={(e) => write({ whenNoCandidate: e.target.value })} data-testid="wfs-approver-when-none">
          {(['skip', 'admin', 'refuse'] as const).map((v) => (
            <Radio key={v} value={v} data-testid={`wfs-approver-when-none-${v}`}>
              {t(`whenNone.${v}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {config.whenNoCandidate === 'admin' && (
        <Form.Item label={t('field.fallback')}>
          <Space wrap>
            <Button onClick={() => setPicking('fallback')} data-testid="wfs-approver-fallback">
              {t('action.pick')}
            </Button>
            {(config.fallbackNames ?? config.fallbackUsers).map((n, k) => (
              <Tag key={`${config.fallbackUsers[k] ?? k}`}>{n}</Tag>
            ))}
          </Space>
        </Form.Item>
      )}

      <Divider titlePlacement="start" plain>
        {t('field.formAuthority')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('authority.hint')}
      </Typography.Paragraph>
      {forms.length === 0 ? (
        <Typography.Text type="secondary">{t('authority.noForms')}</Typography.Text>
      ) : (
        <FormAuthorityEditor config={config} forms={forms} onChange={(next) => write(next)} />
      )}

      <Divider titlePlacement="start" plain>
        {t('field.actions')}
      </Divider>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Checkbox checked={canReject} onChange={(e) => setReject(e.target.checked)} data-testid="wfs-approver-reject">
          {t('field.reject')}
        </Checkbox>
        {canReject && (
          <Form.Item label={t('field.rejectTo')} style={{ marginBottom: 4 }}>
            <Select
              value={rejectMode}
              onChange={setRejectMode}
              options={(['all', 'previous', 'initiator', 'chosen'] as const)
                .filter((m) => m !== 'previous' || previous)
                .map((m) => ({ value: m, label: t(`rejectTo.${m}`) }))}
              data-testid="wfs-approver-reject-to"
            />
            {rejectMode === 'chosen' && (
              <Select
                style={{ marginTop: 6, width: '100%' }}
                mode="multiple"
                value={config.rejectTargets}
                onChange={(rejectTargets: string[]) => write({ rejectTargets })}
                options={[{ value: START_ID, label: t('rejectTo.initiator') }, ...before.map((b) => ({ value: b.id, label: b.name || b.id }))]}
                data-testid="wfs-approver-reject-targets"
              />
            )}
          </Form.Item>
        )}
        {check('transfer', 'wfs-approver-transfer', t('field.transfer'))}
        {check('signation', 'wfs-approver-signation', t('field.signation'))}
        {check('print', 'wfs-approver-print', t('field.print'))}
      </Space>

      <Divider titlePlacement="start" plain>
        {t('field.signature')}
      </Divider>
      <Space orientation="vertical">
        {check('signatureRequired', 'wfs-approver-signature', t('field.signatureRequired'))}
        {check('needPassword', 'wfs-approver-password', t('field.needPassword'))}
      </Space>

      <Divider titlePlacement="start" plain>
        {t('field.deadline')}
      </Divider>
      <Form.Item>
        <Switch
          checked={!!deadline}
          onChange={(on) => onChange({ ...node, deadline: on ? { hours: 24, action: 'remind', repeat: 1 } : undefined })}
          data-testid="wfs-approver-deadline-on"
        />{' '}
        {t('field.deadlineOn')}
      </Form.Item>
      {deadline && (
        <Space wrap align="start">
          <Form.Item label={t('field.deadlineHours')}>
            <InputNumber
              min={0.5}
              max={24 * 365}
              step={1}
              value={deadline.hours}
              onChange={(v) => v && onChange({ ...node, deadline: { ...deadline, hours: v } })}
              data-testid="wfs-approver-deadline-hours"
            />
          </Form.Item>
          <Form.Item label={t('field.deadlineAction')}>
            <Select
              style={{ width: 150 }}
              value={deadline.action}
              onChange={(action: 'remind' | 'approve') => onChange({ ...node, deadline: { ...deadline, action } })}
              options={(['remind', 'approve'] as const).map((v) => ({ value: v, label: t(`deadlineAction.${v}`) }))}
              data-testid="wfs-approver-deadline-action"
            />
          </Form.Item>
          {deadline.action === 'remind' && (
            <Form.Item label={t('field.deadlineRepeat')}>
              <InputNumber
                min={1}
                max={100}
                value={deadline.repeat}
                onChange={(v) => v && onChange({ ...node, deadline: { ...deadline, repeat: Math.round(v) } })}
                data-testid="wfs-approver-deadline-repeat"
              />
            </Form.Item>
          )}
        </Space>
      )}

      <UserPicker
        open={picking === 'user' || picking === 'fallback'}
        value={picking === 'fallback' ? config.fallbackUsers : rule.ids}
        onCancel={() => setPicking(null)}
        onOk={(_, users) => {
          if (picking === 'fallback') {
            write({ fallbackUsers: users.map((u) => u.F_UserId), fallbackNames: users.map((u) => u.F_RealName) });
            setPicking(null);
          } else picked(users.map((u) => ({ id: u.F_UserId, name: u.F_RealName })));
        }}
      />
      <PostPicker
        open={picking === 'post'}
        value={rule.ids.map((id, k) => ({ F_PostId: id, F_Name: rule.names?.[k] ?? id }))}
        onCancel={() => setPicking(null)}
        onOk={(posts) => picked(posts.map((p) => ({ id: p.F_PostId, name: p.F_Name })))}
      />
      <RolePicker
        open={picking === 'role'}
        value={rule.ids.map((id, k) => ({ F_RoleId: id, F_FullName: rule.names?.[k] ?? id }))}
        onCancel={() => setPicking(null)}
        onOk={(roles) => picked(roles.map((r) => ({ id: r.F_RoleId, name: r.F_FullName })))}
      />
    </Form>
  );
}
