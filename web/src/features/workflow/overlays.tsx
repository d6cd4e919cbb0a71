import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithTexts } from '../../lib/lazy';
import { useQueryClient } from '@tanstack/react-query';
import { taskKeys } from './task-api';

/**
 * The approval screen and the progress viewer can be opened from anywhere (task centre, launch, message centre,
 * monitor): `openApproval` / `openProgress` set this small store, and `<WorkflowOverlays />` (mounted once in the
 * layout) renders them, loading their code on first use.
 */
export interface ApprovalTarget {
  taskId?: string | null;
  processInstanceId?: string | null;
  fullScreen?: boolean;
}
interface OverlayState {
  approval: ApprovalTarget | null;
  progress: string | null;
}

let state: OverlayState = { approval: null, progress: null };
const listeners = new Set<() => void>();
const set = (next: Partial<OverlayState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const openApproval = (target: ApprovalTarget) => set({ approval: target });
export const openProgress = (processInstanceId: string) => set({ progress: processInstanceId });

const ApprovalScreen = lazyWithTexts(
  () => import('./approval/ApprovalScreen').then((m) => ({ default: m.ApprovalScreen })),
  ['files', 'formFields', 'formParser', 'formPrint', 'formRenderer', 'oa', 'pickers', 'stamp', 'wfApproval', 'wfShared'],
);
const ProgressViewer = lazyWithTexts(() => import('./shared/ProgressViewer').then((m) => ({ default: m.ProgressViewer })), ['wfShared']);

export function WorkflowOverlays() {
  const current = useSyncExternalStore(subscribe, () => state);
  const qc = useQueryClient();
  return (
    <Suspense fallback={null}>
      {current.approval && (
        <ApprovalScreen
          open
          taskId={current.approval.taskId}
          processInstanceId={current.approval.processInstanceId}
          fullScreen={current.approval.fullScreen}
          onClose={(handled) => {
            set({ approval: null });
            if (handled) void qc.invalidateQueries({ queryKey: taskKeys.all });
          }}
        />
      )}
      {current.progress && <ProgressViewer open processInstanceId={current.progress} onClose={() => set({ progress: null })} />}
    </Suspense>
  );
}
