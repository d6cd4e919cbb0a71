/** Issue 11 (owner: shared-dialogs helper): handwritten signature dialog (canvas; 80 × 50 PNG data URL out). Reuses SignaturePad of stamp-fields. */
export function HandwritingDialog(props: { open: boolean; onOk: (pngDataUrl: string) => void; onCancel: () => void }) {
  return props.open ? <div data-testid="wf-handwriting-dialog" /> : null;
}
