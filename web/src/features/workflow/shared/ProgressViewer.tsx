/** Issue 11 (owner: shared-dialogs helper): workflow progress viewer dialog: flow chart and timeline of one instance. */
export function ProgressViewer({ open, processInstanceId, onClose }: { open: boolean; processInstanceId: string | null; onClose: () => void }) {
  void onClose;
  return open && processInstanceId ? <div data-testid="wf-progress-viewer" /> : null;
}
