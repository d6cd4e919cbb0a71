import type { TFunction } from 'i18next';
import {
  conditionSentence,
  SIMPLE_CONDITION_OPS,
  type CandidateRule,
  type ConditionClause,
  type SimpleApprover,
  type SimpleCc,
  type SimpleConditionBranch,
} from '@app/contracts';

/** The card summaries in plain words (who approves, how they decide, the CC list, a branch's condition). */

const list = (t: TFunction, names: string[]) => names.join(t('wfSimple:separator', { defaultValue: '、' }));

/** One approver rule in words: "张三、李四", "发起人的连续 2 级上级", "部门负责人：财务部"… */
export function ruleText(t: TFunction, rule: CandidateRule): string {
  const names = list(t, rule.names?.length ? rule.names : rule.ids);
  switch (rule.type) {
    case 'user':
    case 'post':
    case 'role':
    case 'department':
    case 'departmentHead':
      return rule.ids.length ? t(`wfSimple:who.${rule.type}`, { names }) : '';
    case 'starterLeader':
      return (rule.level ?? 1) > 1 ? t('wfSimple:who.starterLeaderLevels', { level: rule.level }) : t('wfSimple:who.starterLeader', { level: 1 });
    case 'formField':
      return rule.field ? t('wfSimple:who.formField', { field: rule.field }) : '';
    default:
      return t(`wfSimple:who.${rule.type}`);
  }
}

/** Who approves, then how several decide (when that matters) and the time limit. */
export function approverSummary(t: TFunction, node: SimpleApprover, fieldLabel: (vModel: string) => string | undefined): string[] {
  const who = node.config.candidates
    .map((r) => (r.type === 'formField' && r.field ? { ...r, field: fieldLabel(r.field) ?? r.field } : r))
    .map((r) => ruleText(t, r))
    .filter(Boolean);
  if (who.length === 0) return [];
  const lines = [who.join('；')];
  // How several decide matters only where a card may reach several people.
  const several =
    node.config.candidates.length > 1 ||
    node.config.candidates.some((r) =>
      r.type === 'user' ? r.ids.length > 1 : r.type === 'starterLeader' ? (r.level ?? 1) > 1 : r.type !== 'starter' && r.type !== 'previousLeader',
    );
  if (several)
    lines.push(node.mode === 'percentage' ? t('wfSimple:mode.percentageShort', { percentage: node.config.percentage }) : t(`wfSimple:mode.${node.mode}`));
  if (node.deadline) lines.push(t('wfSimple:card.deadline', { hours: node.deadline.hours }));
  return lines;
}

export function ccSummary(t: TFunction, node: SimpleCc): string {
  return node.recipients.length
    ? t('wfSimple:card.ccTo', {
        names: list(
          t,
          node.recipients.map((r) => r.F_ObjName || r.F_ObjId),
        ),
      })
    : '';
}

/** The words a condition sentence is made of, in the reader's language. */
export function conditionWords(t: TFunction) {
  return {
    and: t('wfSimple:condition.and'),
    or: t('wfSimple:condition.or'),
    ops: Object.fromEntries(SIMPLE_CONDITION_OPS.map((op) => [op, t(`wfSimple:op.${op}`)])) as Record<(typeof SIMPLE_CONDITION_OPS)[number], string>,
    fieldLabel: (field: string) =>
      field === '@starter' ? t('wfSimple:condition.starter') : field === '@starterDepartment' ? t('wfSimple:condition.starterDepartment') : undefined,
  };
}

/** A branch's condition as a sentence; '' when it has none (an expression is shown as such). */
export function branchSentence(t: TFunction, branch: SimpleConditionBranch): string {
  const text = conditionSentence(branch.conditions as ConditionClause[][], conditionWords(t));
  if (text) return text;
  return branch.expression?.trim() ? t('wfSimple:card.expression', { text: branch.expression.trim() }) : '';
}
