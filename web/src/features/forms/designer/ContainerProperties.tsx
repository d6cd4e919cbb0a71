import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { P, boolInput, selectInput, textInput, useFieldPatch } from './property-inputs';
import { IDENTIFIER } from './scheme-ops';
import { TabsEditor } from './TabsEditor';

/** Tabs (their list, style and position) and sub-tables (summary row, table name). */
export function ContainerProperties({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const { setC } = useFieldPatch(field);
  const c = field.__config__;
  const type = c.avueType;

  return (
    <>
      {type === 'tabs' && (
        <>
          <TabsEditor field={field} />
          <P label={t('prop.tabsType')}>
            {selectInput(
              'tabsType',
              c.tabsType ?? '',
              ['', 'card', 'border-card'].map((v) => ({ value: v, label: t(`tabsType.${v || 'plain'}`) })),
              (v) => setC('tabsType', v),
            )}
          </P>
          <P label={t('prop.tabPosition')}>
            {selectInput(
              'tabPosition',
              c.tabPosition ?? 'top',
              ['top', 'right', 'bottom', 'left'].map((v) => ({ value: v, label: t(`tabPosition.${v}`) })),
              (v) => setC('tabPosition', v),
            )}
          </P>
        </>
      )}
      {type === 'table' && (
        <>
          <P label={t('prop.showSummary')}>{boolInput('showSummary', c.showSummary, (v) => setC('showSummary', v))}</P>
          <P label={t('prop.subTableName')} help={c.bindTable && !IDENTIFIER.test(c.bindTable) ? t('prop.identifier') : t('prop.subTableHelp')}>
            {textInput('bindTable', c.bindTable, (v) => setC('bindTable', v), { max: 63, emptyAsUndefined: true })}
          </P>
        </>
      )}
    </>
  );
}
