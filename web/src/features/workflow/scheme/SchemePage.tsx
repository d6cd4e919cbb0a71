/** Issue 11: placeholder until its helper lands the screen. */
export default function SchemePage() {
  return <div data-testid="wf-SchemePage" />;
}
