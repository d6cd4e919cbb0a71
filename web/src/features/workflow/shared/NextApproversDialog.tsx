import type { CandidateNode, ChosenApprovers } from '@app/contracts';

/**
 * Issue 11 (owner: shared-dialogs helper): choose next-node approvers after retCode 2. One tab per node (name, or 'node N');
 * every node needs at least one approver ('node: {name} please choose at least one approver').
 */
export function NextApproversDialog(props: { open: boolean; nodes: CandidateNode[]; onOk: (chosen: ChosenApprovers) => void; onCancel: () => void }) {
  return props.open ? <div data-testid="wf-next-approvers" /> : null;
}
