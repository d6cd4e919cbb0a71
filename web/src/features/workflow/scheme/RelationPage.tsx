/** Issue 11: placeholder until its helper lands the screen. */
export default function RelationPage() {
  return <div data-testid="wf-RelationPage" />;
}
