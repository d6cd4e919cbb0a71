/** Messages of workflow schemes, versions, relations and definition validation (issue 10). */
export const workflowSchemeZhCN = {
  'workflowScheme.placeholder': 'workflowScheme',
} as const;

export const workflowSchemeEn: Record<keyof typeof workflowSchemeZhCN, string> = {
  'workflowScheme.placeholder': 'workflowScheme',
};
