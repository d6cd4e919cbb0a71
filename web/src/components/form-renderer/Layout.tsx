import { memo, useCallback, type ReactNode } from 'react';
import { Tabs, type TabsProps } from 'antd';
import { authorityOf, isComputed, triggerOf, type FormField } from '@app/contracts';
import { useFormContext, useStoreError, useStoreValue } from './context';
import { componentOf, labelWidthOf } from './fieldComponent';
import { FieldFrame, GridCol, GridRow } from './frame';
import { mainLiteText, PlainOrReal } from './liteCell';
import { typeOf, vModelOf } from './model';
import { SubTable } from './SubTable';
import { errorText, validateMain } from './validation';

/** One field of the main form: subscribes to its own value and error only. */
export const FieldItem = memo(function FieldItem({ field }: { field: FormField }) {
  const { store, runtime, readOnly, authority, labelWidth, t } = useFormContext();
  const key = vModelOf(field);
  const value = useStoreValue(store, key);
  const error = useStoreError(store, key);
  const trigger = triggerOf(field);
  const onChange = useCallback(
    (next: unknown) => {
      store.set(key, next);
      if (trigger === 'change') validateMain(store, key, authority);
    },
    [store, key, trigger, authority],
  );
  const onBlur = useCallback(() => {
    if (trigger === 'blur') validateMain(store, key, authority);
  }, [store, key, trigger, authority]);

  const auth = authorityOf(field, authority);
  if (!auth.view) return null;
  const config = field.__config__;
  const Control = componentOf(field);
  const disabled = readOnly || !auth.edit || !!field.disabled || isComputed(field);
  return (
    <GridCol span={config.span ?? 24} data-field={key}>
      <FieldFrame
        label={config.showLabel === false ? undefined : config.label}
        required={auth.required}
        help={errorText(t, error)}
        labelWidth={labelWidthOf(field, labelWidth)}
      >
        <PlainOrReal text={mainLiteText(field, value)} disabled={disabled} placeholder={field.placeholder} invalid={!!error}>
          <Control field={field} value={value} onChange={onChange} onBlur={onBlur} disabled={disabled} form={runtime} />
        </PlainOrReal>
      </FieldFrame>
    </GridCol>
  );
});

/** Fields and containers in display order. */
export function FieldList({ fields }: { fields: FormField[] }): ReactNode {
  return fields.map((field) => <FieldNode key={field.__config__.formId} field={field} />);
}

const FieldNode = memo(function FieldNode({ field }: { field: FormField }) {
  switch (typeOf(field)) {
    case 'row':
      return <RowContainer field={field} />;
    case 'tabs':
      return <TabsContainer field={field} />;
    case 'table':
      return <SubTable field={field} />;
    default:
      return <FieldItem field={field} />;
  }
});

function RowContainer({ field }: { field: FormField }) {
  const { authority } = useFormContext();
  if (!authorityOf(field, authority).view) return null;
  return (
    <GridCol span={field.__config__.span ?? 24}>
      <GridRow>
        <FieldList fields={field.__config__.children ?? []} />
      </GridRow>
    </GridCol>
  );
}

const PLACEMENT = { top: 'top', bottom: 'bottom', left: 'start', right: 'end' } as const;

function TabsContainer({ field }: { field: FormField }) {
  const { authority } = useFormContext();
  if (!authorityOf(field, authority).view) return null;
  const config = field.__config__;
  const items: TabsProps['items'] = (config.option?.column ?? []).map((tab) => ({
    key: tab.prop,
    label: tab.label,
    // Panes are mounted up front: fields that fill themselves (info fields) must run even in an unopened tab.
    forceRender: true,
    children: (
      <GridRow>
        <FieldList fields={config.childrenObj?.[tab.prop] ?? []} />
      </GridRow>
    ),
  }));
  return (
    <GridCol span={config.span ?? 24} data-field={`tabs-${config.formId}`}>
      <Tabs items={items} type={config.tabsType ? 'card' : 'line'} tabPlacement={PLACEMENT[config.tabPosition ?? 'top']} />
    </GridCol>
  );
}
