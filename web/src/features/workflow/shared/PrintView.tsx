/** Issue 11 (owner: shared-dialogs helper): form print view of an instance (its forms read-only, the approval comments with stamps), with a print button. */
export function PrintView(props: { open: boolean; processInstanceId: string | null; taskId?: string | null; onClose: () => void }) {
  return props.open ? <div data-testid="wf-print-view" /> : null;
}
