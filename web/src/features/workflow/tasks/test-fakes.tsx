import { useImperativeHandle, type Ref } from 'react';
import type { CandidateNode, ChosenApprovers, FormValueEntry } from '@app/contracts';
import type { FormTabsHandle, WorkflowFormTab } from '../approval/FormTabs';

/**
 * Test stand-ins for the components other helpers own (their own tests cover them): FormTabs answers what
 * `fakeForms.next` holds, NextApproversDialog chooses the first user of every node.
 */
export const fakeForms: { next: FormValueEntry[] | null; lastForms: WorkflowFormTab[] } = { next: [], lastForms: [] };

export function FakeFormTabs(props: { forms: WorkflowFormTab[]; readOnly?: boolean; ref?: Ref<FormTabsHandle> }) {
  fakeForms.lastForms = props.forms;
  useImperativeHandle(props.ref, () => ({ collect: async () => fakeForms.next }));
  return <div data-testid="wf-form-tabs" data-count={props.forms.length} />;
}

export function FakeNextApprovers(props: { open: boolean; nodes: CandidateNode[]; onOk: (chosen: ChosenApprovers) => void; onCancel: () => void }) {
  if (!props.open) return null;
  return (
    <div data-testid="wf-next-approvers" data-nodes={props.nodes.map((n) => n.taskId).join(',')}>
      <button
        data-testid="fake-next-ok"
        onClick={() => props.onOk(props.nodes.map((n) => ({ taskId: n.taskId, userList: n.userList.slice(0, 1).map((u) => u.F_UserId) })))}
      >
        ok
      </button>
    </div>
  );
}
