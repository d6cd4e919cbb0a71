import { useEffect, useImperativeHandle, useRef, useState, type ComponentType, type Ref } from 'react';
import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORM_TYPE, type FieldAuthority, type FormSchemeOption } from '@app/contracts';
import type { FormMode } from '../../components/form-renderer';
import { AddressForm } from './AddressForm';
import { findSystemForm, SystemFormNotLoaded, type SystemFormDefinition, type SystemFormHandle, type SystemFormProps } from './system-forms';

export interface SystemFormHostProps {
  /** The form scheme row: F_Type 1 (registered component by F_Url) or 2 (address-based designed form). */
  form: Pick<FormSchemeOption, 'F_Type' | 'F_Url' | 'F_Id'>;
  keyValue?: string;
  mode: FormMode;
  authority?: FieldAuthority[];
  ref?: Ref<SystemFormHandle>;
}

/** Components whose chunk has loaded, so a form opened again shows at once. */
const loadedComponents = new Map<SystemFormDefinition, ComponentType<SystemFormProps>>();

/** The definition's component: loading (undefined), loaded, or 'failed' when its chunk did not load. */
function useSystemFormComponent(definition: SystemFormDefinition | undefined): ComponentType<SystemFormProps> | 'failed' | undefined {
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState<SystemFormDefinition | null>(null);
  useEffect(() => {
    if (!definition || loadedComponents.has(definition)) return;
    let live = true;
    definition
      .load()
      .then((m) => {
        loadedComponents.set(definition, m.default);
        if (live) setLoaded((n) => n + 1);
      })
      .catch(() => {
        if (live) setFailed(definition);
      });
    return () => {
      live = false;
    };
  }, [definition]);
  if (!definition) return undefined;
  if (failed === definition) return 'failed';
  return loadedComponents.get(definition);
}

/**
 * Mounts a system form (F_Type 1, from the registry by its address) or an address-based form (F_Type 2, the generic
 * renderer entry) and passes its validate / save through the ref. A spinner while the code loads; an address
 * without a registered component or a chunk that fails to load shows '系统表单未加载完' (spec 8), and validate /
 * save then reject with that text.
 */
export function SystemFormHost({ form, keyValue, mode, authority, ref }: SystemFormHostProps) {
  const { t } = useTranslation('formParser');
  const inner = useRef<SystemFormHandle>(null);
  const definition = form.F_Type === FORM_TYPE.system ? findSystemForm(form.F_Url) : undefined;
  const component = useSystemFormComponent(definition);
  const notLoaded = t('systemFormNotLoaded');

  useImperativeHandle(
    ref,
    () => ({
      validate: () => (inner.current ? inner.current.validate() : Promise.reject(new SystemFormNotLoaded(notLoaded))),
      save: () => (inner.current ? inner.current.save() : Promise.reject(new SystemFormNotLoaded(notLoaded))),
    }),
    [notLoaded],
  );

  if (form.F_Type === FORM_TYPE.address)
    return <AddressForm ref={inner} formId={form.F_Id} address={form.F_Url} keyValue={keyValue} mode={mode} authority={authority} />;
  if (!definition || component === 'failed') return <Alert type="warning" showIcon title={notLoaded} data-testid="system-form-not-loaded" />;
  if (!component)
    return (
      <Flex justify="center" style={{ padding: 48 }} data-testid="system-form-loading">
        <Spin />
      </Flex>
    );
  const Component = component;
  return (
    <div data-testid={`system-form-${definition.address}`}>
      <Component ref={inner} keyValue={keyValue} mode={mode} authority={authority} />
    </div>
  );
}
