import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Alert, Empty, Flex, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FORM_TYPE, type FormSchemeContent, type FormValueEntry, type fieldInfo } from '@app/contracts';
import { formSchemeApi } from '../../forms/api';
import { FormRenderer, type FormMode, type FormRendererHandle } from '../../../components/form-renderer';
import { SystemFormHost } from '../../form-print/SystemFormHost';
import { formInfoKey } from '../../form-print/AddressForm';
import type { SystemFormHandle } from '../../form-print/system-forms';

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
  /** The designed forms' current values without validation (a draft may be incomplete); system forms, which store themselves, are left out. */
  values?(): FormValueEntry[];
}

/** The tab key of the form at index i (spec 2.9: sub-tabs named parsers-N). */
export const parserKey = (i: number) => `parsers-${i}`;

const NARROW_CSS = '@media (max-width: 575px){.wf-form-tabs .form-renderer .fr-col{flex:0 0 100%;max-width:100%}}';

/** One mounted form: answers its formValue entry or null when invalid (the form shows its own messages). */
interface FormPaneHandle {
  collect(): Promise<FormValueEntry | null>;
  values(): FormValueEntry | null;
}

/** A designed form (F_Type 0): the given scheme, or the form's current one loaded by id (the query FormParser / AddressForm use). */
function DesignedPane({ form, mode, ref }: { form: WorkflowFormTab; mode: FormMode; ref: Ref<FormPaneHandle> }) {
  const renderer = useRef<FormRendererHandle>(null);
  const given = form.F_Scheme != null;
  const info = useQuery({
    queryKey: formInfoKey(form.F_FormId),
    queryFn: () => formSchemeApi.info(form.F_FormId, true),
    enabled: !given,
  });
  const scheme = given ? form.F_Scheme : info.data?.F_Scheme;
  useImperativeHandle(
    ref,
    () => ({
      collect: async () => {
        if (!renderer.current) return null;
        const formData = await renderer.current.validate().catch(() => null);
        if (!formData) return null;
        return { F_FormId: form.F_FormId, F_Type: FORM_TYPE.designed, ...(form.primaryKey ? { F_Id: form.primaryKey } : {}), formData };
      },
      values: () =>
        renderer.current
          ? {
              F_FormId: form.F_FormId,
              F_Type: FORM_TYPE.designed,
              ...(form.primaryKey ? { F_Id: form.primaryKey } : {}),
              formData: renderer.current.getValues(),
            }
          : null,
    }),
    [form.F_FormId, form.primaryKey],
  );
  if (!given && info.error) return <Alert type="error" showIcon title={info.error.message} data-testid="wf-form-error" />;
  if (!scheme)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  return (
    <FormRenderer
      ref={renderer}
      scheme={scheme as FormSchemeContent}
      mode={mode}
      authority={form.authority}
      source={{ schemeId: form.F_FormId, versionId: info.data?.F_SchemeId }}
      initialValues={form.formData}
    />
  );
}

/** A system (1) or address-based (2) form: mounted by SystemFormHost, saved by its own API before the action (spec 4). */
function SystemPane({ form, mode, ref }: { form: WorkflowFormTab; mode: FormMode; ref: Ref<FormPaneHandle> }) {
  const host = useRef<SystemFormHandle>(null);
  useImperativeHandle(
    ref,
    () => ({
      collect: async () => {
        const key = await host.current?.save().catch(() => null);
        if (!key) return null;
        return { F_FormId: form.F_FormId, F_Type: form.F_Type, F_UrlAddress: form.F_Url, F_Id: key, formData: {} };
      },
      values: () => null,
    }),
    [form.F_FormId, form.F_Type, form.F_Url],
  );
  return (
    <SystemFormHost
      ref={host}
      form={{ F_Id: form.F_FormId, F_Type: form.F_Type, F_Url: form.F_Url }}
      keyValue={form.primaryKey || undefined}
      mode={mode}
      authority={form.authority}
    />
  );
}

/**
 * The forms of a process as sub-tabs named parsers-N, used by the approval
 * screen and by launch. Read-only when readOnly. Every pane is mounted at once (forceRender) so collect() can check
 * the forms never opened.
 */
export function FormTabs(props: { forms: WorkflowFormTab[]; readOnly?: boolean; ref?: Ref<FormTabsHandle> }) {
  const { forms, readOnly } = props;
  const { t } = useTranslation('wfApproval');
  const [active, setActive] = useState(parserKey(0));
  const panes = useRef<(FormPaneHandle | null)[]>([]);
  const modeOf = (form: WorkflowFormTab): FormMode => (readOnly ? 'look' : form.primaryKey ? 'edit' : 'add');

  useImperativeHandle(
    props.ref,
    () => ({
      collect: async () => {
        const out: FormValueEntry[] = [];
        for (let i = 0; i < forms.length; i++) {
          const entry = (await panes.current[i]?.collect()) ?? null;
          if (!entry) {
            setActive(parserKey(i));
            return null;
          }
          out.push(entry);
        }
        return out;
      },
      values: () => forms.map((_, i) => panes.current[i]?.values() ?? null).filter((e): e is FormValueEntry => e !== null),
    }),
    [forms],
  );

  if (forms.length === 0) return <Empty description={t('noForms')} data-testid="wf-form-tabs" />;
  return (
    <div className="wf-form-tabs">
      {/* On a phone every field takes the whole row (the form's own columns would leave the inputs a few pixels). */}
      <style>{NARROW_CSS}</style>
      <Tabs
        data-testid="wf-form-tabs"
        data-count={forms.length}
        size="small"
        activeKey={active}
        onChange={setActive}
        items={forms.map((form, i) => ({
          key: parserKey(i),
          label: <span data-testid={`wf-form-tab-${i}`}>{form.F_Name}</span>,
          forceRender: true,
          children: (
            <div data-testid={`wf-form-pane-${i}`}>
              {form.F_Type === FORM_TYPE.designed ? (
                <DesignedPane ref={(h) => void (panes.current[i] = h)} form={form} mode={modeOf(form)} />
              ) : (
                <SystemPane ref={(h) => void (panes.current[i] = h)} form={form} mode={modeOf(form)} />
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}
