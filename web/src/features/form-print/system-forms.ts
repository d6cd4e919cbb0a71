import type { ComponentType, Ref } from 'react';
import type { FieldAuthority } from '@app/contracts';
import type { FormMode } from '../../components/form-renderer';

/**
 * System forms (F_Type 1, docs/form-publishing-design.md "System forms"): screens written in code that the
 * workflow and the form parser host like designed forms. A form scheme row of type 1 names one of them by its
 * address (F_Url); the registry below says which component that is and which fields it has.
 */

/** validate() / save() of a system form whose code is not there (unknown address, chunk not loaded): '系统表单未加载完'. */
export class SystemFormNotLoaded extends Error {
  override name = 'SystemFormNotLoaded';
}

/** What a host (parser, approval screen) asks of a system form, like the form renderer's handle. */
export interface SystemFormHandle {
  /** Checks the form; rejects (showing the messages in the form) when something is wrong. */
  validate(): Promise<void>;
  /** Validates and stores the form through its own API; resolves the record's key value. */
  save(): Promise<string>;
}

export interface SystemFormProps {
  /** The record to open; absent: a new one. */
  keyValue?: string;
  mode: FormMode;
  /** Per-field authority from a workflow node (formIds of the definition's fields); absent: every field as the form has it. */
  authority?: FieldAuthority[];
  ref?: Ref<SystemFormHandle>;
}

export interface SystemFormField {
  formId: number;
  label: string;
}

export interface SystemFormDefinition {
  /** F_Url of its form scheme row; the route is `/system-form/<address>Form`. */
  address: string;
  /** Its name, as a translation key. */
  titleKey: string;
  /** The fields a workflow node may set authority on. */
  fields: SystemFormField[];
  /** Its code, loaded on first use (a chunk of its own). */
  load: () => Promise<{ default: ComponentType<SystemFormProps> }>;
}

const registry: SystemFormDefinition[] = [
  {
    address: 'oaNotice',
    titleKey: 'formParser:systemForms.oaNotice',
    fields: [
      { formId: 1, label: '标题' },
      { formId: 2, label: '内容' },
      { formId: 3, label: '发布时间' },
    ],
    load: () => import('./system/NoticeForm'),
  },
];

/** Every registered system form. */
export function systemForms(): readonly SystemFormDefinition[] {
  return registry;
}

/** The system form registered under an address (addresses are unique per tenant whatever their case), or undefined. */
export function findSystemForm(address: string): SystemFormDefinition | undefined {
  const wanted = address.toLowerCase();
  return registry.find((d) => d.address.toLowerCase() === wanted);
}

/** Adds a system form (a feature's own screen); answers the removal. */
export function registerSystemForm(definition: SystemFormDefinition): () => void {
  registry.push(definition);
  return () => {
    const at = registry.indexOf(definition);
    if (at >= 0) registry.splice(at, 1);
  };
}
