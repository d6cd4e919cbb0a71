import { START_ID, type CandidateRule, type SimpleNode, type SimpleProcess } from '@app/contracts';
import { approversBefore } from './model-ops';

/** A problem of a card, a branch or a group: a message key of the `wfSimple` namespace (`issue.*`) and its values. */
export interface SimpleIssue {
  /** The card, branch or group it is about. */
  id: string;
  key: 'noApprover' | 'noFallback' | 'staleReject' | 'noCondition' | 'noOtherwise' | 'missingField' | 'noValue' | 'noRecipients';
  params?: Record<string, string>;
}

/** Rule types that name their people through ids (empty ids: nobody). */
const LISTED = new Set<string>(['user', 'post', 'role', 'department', 'departmentHead']);

/** Whether a rule names anybody (a list with members, a form field, or a rule relative to the initiator). */
export function ruleNamesSomebody(rule: CandidateRule): boolean {
  if (LISTED.has(rule.type)) return rule.ids.length > 0;
  if (rule.type === 'formField') return !!rule.field;
  return true;
}

/**
 * The problems of a model, card by card. `fields` holds the value fields of the bound forms by `__vModel__` (with
 * their labels); null while they are not known yet (a condition's field is then not checked). Saving a draft is
 * allowed with problems; publishing is not.
 */
export function validateSimple(model: SimpleProcess, fields: ReadonlyMap<string, string> | null): SimpleIssue[] {
  const issues: SimpleIssue[] = [];
  const rejectOk = (id: string, targets: string[]) => {
    const before = new Set(approversBefore(model, id).map((a) => a.id));
    return targets.every((t) => t === START_ID || before.has(t));
  };
  const visit = (nodes: SimpleNode[]) => {
    for (const n of nodes) {
      if (n.type === 'approver') {
        if (!n.config.candidates.some(ruleNamesSomebody)) issues.push({ id: n.id, key: 'noApprover' });
        if (n.config.whenNoCandidate === 'admin' && n.config.fallbackUsers.length === 0) issues.push({ id: n.id, key: 'noFallback' });
        // A reject may only return to the initiator or a card before this one (cards moved or deleted since).
        if (n.config.rejectTargets.some((id) => id !== START_ID) && !rejectOk(n.id, n.config.rejectTargets)) issues.push({ id: n.id, key: 'staleReject' });
      } else if (n.type === 'cc') {
        if (n.recipients.length === 0) issues.push({ id: n.id, key: 'noRecipients' });
      } else if (n.type === 'condition') {
        if (!n.branches.some((b) => b.otherwise)) issues.push({ id: n.id, key: 'noOtherwise' });
        for (const b of n.branches) {
          if (!b.otherwise) {
            const clauses = b.conditions.flat();
            if (clauses.length === 0 && !b.expression?.trim()) issues.push({ id: b.id, key: 'noCondition' });
            const gone = new Set<string>();
            const unset = clauses.find((c) => c.op !== 'empty' && c.op !== 'notEmpty' && c.values.every((v) => v.trim() === ''));
            if (unset) issues.push({ id: b.id, key: 'noValue', params: { field: unset.label || unset.field } });
            for (const c of clauses) {
              if (fields && !c.field.startsWith('@') && !fields.has(c.field) && !gone.has(c.field)) {
                gone.add(c.field);
                issues.push({ id: b.id, key: 'missingField', params: { field: c.label || c.field } });
              }
            }
          }
          visit(b.nodes);
        }
      } else {
        for (const b of n.branches) visit(b.nodes);
      }
    }
  };
  visit(model.nodes);
  return issues;
}

/** Issues grouped by the id they are about. */
export function issuesById(issues: SimpleIssue[]): Map<string, SimpleIssue[]> {
  const map = new Map<string, SimpleIssue[]>();
  for (const i of issues) map.set(i.id, [...(map.get(i.id) ?? []), i]);
  return map;
}
