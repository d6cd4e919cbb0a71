import { useImperativeHandle, useRef } from 'react';
import { Alert, Flex, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formSchemeApi } from '../forms/api';
import { addressFormApi } from './api';
import { FormRenderer, type FormRendererHandle } from '../../components/form-renderer';
import i18n from '../../lib/i18n';
import { SystemFormNotLoaded, type SystemFormProps } from './system-forms';

export interface AddressFormProps extends SystemFormProps {
  formId: string;
  address: string;
}

export const formInfoKey = (formId: string) => ['form-scheme-info', formId] as const;
export const addressRecordKey = (address: string, keyValue: string) => ['form-address-record', address.toLowerCase(), keyValue] as const;

/**
 * The generic entry of an address-based form (F_Type 2): its current version in the form renderer, the record
 * through `GET /api/{address}/{key}`, saved by `POST /api/{address}` or `PUT /api/{address}/{key}`. Hosts treat it
 * like a registered system form (validate / save by ref).
 */
export function AddressForm({ formId, address, keyValue, mode, authority, ref }: AddressFormProps) {
  const renderer = useRef<FormRendererHandle>(null);
  const info = useQuery({
    queryKey: formInfoKey(formId),
    queryFn: () => formSchemeApi.info(formId, true),
  });
  const record = useQuery({
    queryKey: addressRecordKey(address, keyValue ?? ''),
    queryFn: () => addressFormApi.get(address, keyValue!),
    enabled: !!keyValue,
  });

  const values = async () => {
    // The renderer shows its own messages on refusal; a form still loading has nothing to give.
    if (!renderer.current) throw new SystemFormNotLoaded(i18n.t('formParser:systemFormNotLoaded'));
    return renderer.current.validate();
  };
  useImperativeHandle(
    ref,
    () => ({
      validate: async () => {
        await values();
      },
      save: async () => {
        const formData = await values();
        if (keyValue) {
          await addressFormApi.update(address, keyValue, formData);
          return keyValue;
        }
        return (await addressFormApi.add(address, formData)).primaryKey;
      },
    }),
    [keyValue, address],
  );

  const error = info.error ?? record.error;
  if (error) return <Alert type="error" showIcon title={error.message} data-testid="address-form-error" />;
  if (!info.data || (keyValue && !record.data))
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  return (
    <FormRenderer
      key={`${info.data.F_SchemeId}:${keyValue ?? ''}:${mode}`}
      ref={renderer}
      scheme={info.data.F_Scheme}
      mode={mode}
      authority={authority}
      source={{ schemeId: formId, versionId: info.data.F_SchemeId }}
      initialValues={record.data?.formData}
    />
  );
}
