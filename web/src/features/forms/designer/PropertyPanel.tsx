import { Form } from 'antd';
import type { FormField } from '@app/contracts';
import { AdvancedProperties } from './AdvancedProperties';
import { BasicProperties } from './BasicProperties';
import { ContainerProperties } from './ContainerProperties';
import { DateSwitchProperties } from './DateSwitchProperties';
import { LimitProperties } from './LimitProperties';
import { OptionProperties } from './OptionProperties';
import { APPLIES, useFieldPatch } from './property-inputs';
import { RegListEditor } from './RegListEditor';
import type { ListRef } from './scheme-ops';
import { UploadMapProperties } from './UploadMapProperties';

/** Property panel of the selected field: every key of __config__ / the field that applies to its type. */
export function FieldProperties({ field, list, data }: { field: FormField; list: ListRef; data: FormField[] }) {
  const { setC } = useFieldPatch(field);
  const type = field.__config__.avueType;
  return (
    <Form layout="vertical" size="small" component="div" data-testid="field-properties">
      <BasicProperties field={field} list={list} data={data} />
      <LimitProperties field={field} data={data} />
      <DateSwitchProperties field={field} />
      <OptionProperties field={field} data={data} />
      <UploadMapProperties field={field} />
      <ContainerProperties field={field} />
      {APPLIES.regList(type) && <RegListEditor field={field} onChange={(v) => setC('regList', v)} />}
      <AdvancedProperties field={field} />
    </Form>
  );
}
