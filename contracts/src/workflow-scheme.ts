import { z } from 'zod';

/** Workflow schemes, versions, relations and launch authority (issue 10). Owned by the workflow-scheme module. */
export const workflowSchemePlaceholder = z.object({});
