/** Issue 11: placeholder until its helper lands the screen. */
export default function TaskCentrePage() {
  return <div data-testid="wf-TaskCentrePage" />;
}
