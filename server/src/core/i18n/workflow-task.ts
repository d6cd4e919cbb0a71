/** Messages of the approval calls, task lists, drafts and monitor (issue 10). */
export const workflowTaskZhCN = {
  'workflowTask.placeholder': 'workflowTask',
} as const;

export const workflowTaskEn: Record<keyof typeof workflowTaskZhCN, string> = {
  'workflowTask.placeholder': 'workflowTask',
};
