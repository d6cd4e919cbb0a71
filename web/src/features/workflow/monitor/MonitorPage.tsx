/** Issue 11: placeholder until its helper lands the screen. */
export default function MonitorPage() {
  return <div data-testid="wf-MonitorPage" />;
}
