/** Issue 11 (owner: shared-dialogs helper): the instance's diagram (view-process-url SVG) with finished, current and pending nodes coloured, plus a legend. */
export function FlowChart({ processInstanceId }: { processInstanceId: string }) {
  return <div data-testid="wf-flow-chart" data-id={processInstanceId} />;
}
