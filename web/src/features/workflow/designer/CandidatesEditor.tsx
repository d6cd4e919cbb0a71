import { useState, type ReactNode } from 'react';
import { Button, InputNumber, Select, Space, Tag, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CANDIDATE_TYPES, MAX_LEADER_LEVEL, type CandidateRule } from '@app/contracts';
import { PostPicker, RolePicker, UserPicker, useOrgTree } from '../../../components/pickers';
import { departmentTree } from './department-tree';
import type { BoundForm } from './panel-section';
import { candidateOfType, candidateWith } from './wf-config';

/**
 * The approvers of a step: rules by user, post, role, department (members or head) or a form field, each chosen with
 * its picker; the starter's leaders up to a level; the starter's own choice at launch.
 */
export function CandidatesEditor({ value, forms, onChange }: { value: CandidateRule[]; forms: BoundForm[]; onChange: (v: CandidateRule[]) => void }) {
  const { t } = useTranslation('wfDesigner');
  const [picking, setPicking] = useState<number | null>(null);
  const org = useOrgTree(value.some((r) => r.type === 'department' || r.type === 'departmentHead'));
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
          {(r.type === 'department' || r.type === 'departmentHead') && (
            <TreeSelect
              style={{ minWidth: 200 }}
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeCheckStrictly
              value={r.ids.map((id, k) => ({ value: `department:${id}`, label: r.names?.[k] ?? id }))}
              treeData={departmentTree(org.data ?? [])}
              onChange={(vals: { value: string; label: ReactNode }[]) =>
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
          {r.type === 'starterLeader' && <LeaderLevel rule={r} index={i} onChange={(level) => set(i, { ...r, level })} />}
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

/** starterLeader: the starter's leaders from level 1 up to N (1–10; absent means 1). */
function LeaderLevel({ rule, index, onChange }: { rule: CandidateRule; index: number; onChange: (level: number) => void }) {
  const { t } = useTranslation('wfDesigner');
  return (
    <Space size={4} data-testid={`wfd-candidate-level-${index}`}>
      <span>{t('candidateLevel.before')}</span>
      <InputNumber
        size="small"
        min={1}
        max={MAX_LEADER_LEVEL}
        precision={0}
        style={{ width: 64 }}
        value={rule.level ?? 1}
        onChange={(v) => typeof v === 'number' && onChange(Math.min(MAX_LEADER_LEVEL, Math.max(1, Math.round(v))))}
        aria-label={t('candidateLevel.label')}
        data-testid={`wfd-candidate-level-input-${index}`}
      />
      <span>{t('candidateLevel.after')}</span>
    </Space>
  );
}
