import { z } from 'zod';

/** Task lists, drafts, monitor and the task-form answer (issue 10). Owned by the workflow-task module. */
export const workflowTaskPlaceholder = z.object({});
