/** Issue 11: placeholder until its helper lands the screen. */
export default function LaunchPage() {
  return <div data-testid="wf-LaunchPage" />;
}
