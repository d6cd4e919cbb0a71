import type { Ref } from 'react';
import type { z } from 'zod';
import type { FormValueEntry, fieldInfo } from '@app/contracts';

export type FieldAuthority = z.infer<typeof fieldInfo>;

/** One form of a process: from task-form (approval) or from the scheme's relations (launch). */
export interface WorkflowFormTab {
  F_FormId: string;
  /** 0 designed form, 1 system form, 2 address-based form. */
  F_Type: number;
  F_Name: string;
  F_Url: string;
  /** The record's key (approval); absent on launch. */
  primaryKey?: string;
  /** The form's scheme content when the caller has it (task-form answers it); loaded by id otherwise. */
  F_Scheme?: unknown;
  formData?: Record<string, unknown>;
  /** The node's field authority; absent: each field's own. */
  authority?: FieldAuthority[];
}

export interface FormTabsHandle {
  /** Validates every form tab (switching to the first invalid one) and answers the formValue entries, or null when one is invalid. */
  collect(): Promise<FormValueEntry[] | null>;
}

/**
 * Issue 11 (owner: approval-screen helper): the forms of a process as sub-tabs named parsers-N, used by the approval
 * screen and by launch. Read-only when readOnly.
 */
export function FormTabs(props: { forms: WorkflowFormTab[]; readOnly?: boolean; ref?: Ref<FormTabsHandle> }) {
  return <div data-testid="wf-form-tabs" data-count={props.forms.length} />;
}
