/** Issue 11: placeholder until its helper lands the screen. */
export default function DesignerPage() {
  return <div data-testid="wf-DesignerPage" />;
}
