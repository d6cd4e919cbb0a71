import { Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormTab } from './FormTab';
import { FieldProperties } from './PropertyPanel';
import { findField } from './scheme-ops';
import type { DesignerDocument } from './useDesignerDocument';
import type { DesignerSide } from './useSaveFormScheme';

/** The right-hand tabs: the selected field's properties, and the form's own settings. */
export function DesignerSidePanel({ doc, side, onSide }: { doc: DesignerDocument; side: DesignerSide; onSide: (side: DesignerSide) => void }) {
  const { t } = useTranslation('formDesigner');
  const scheme = doc.state.present;
  const selected = doc.state.selectedId !== null ? findField(scheme.data, doc.state.selectedId) : null;
  return (
    <Tabs
      size="small"
      activeKey={side}
      onChange={(k) => onSide(k as DesignerSide)}
      items={[
        {
          key: 'field',
          label: <span data-testid="designer-tab-field">{t('side.field')}</span>,
          children: selected ? (
            <FieldProperties key={selected.field.__config__.formId} field={selected.field} list={selected.list} data={scheme.data} />
          ) : (
            <Empty description={t('side.noSelection')} />
          ),
        },
        {
          key: 'form',
          label: <span data-testid="designer-tab-form">{t('side.form')}</span>,
          children: (
            <FormTab
              meta={doc.meta}
              onMeta={(m) => doc.setMeta((x) => ({ ...x, ...m }))}
              formConf={scheme.formConf}
              tables={doc.tables}
              onTables={doc.setTables}
              data={scheme.data}
              showErrors={doc.saveTried}
            />
          ),
        },
      ]}
    />
  );
}
