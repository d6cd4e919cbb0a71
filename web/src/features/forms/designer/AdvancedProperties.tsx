import { Collapse, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { isContainer } from './scheme-ops';

/** The field's number, the original generator's tag and the column it stores into. */
export function AdvancedProperties({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const c = field.__config__;
  const id = c.formId;
  const container = isContainer(c.avueType);

  return (
    <>
      {/* Internals (the field's number, the original generator's tag, the column it stores into) stay folded. */}
      <Collapse
        size="small"
        ghost
        data-testid="prop-advanced"
        items={[
          {
            key: 'advanced',
            label: t('prop.advanced'),
            forceRender: true,
            children: (
              <Space orientation="vertical" size={4}>
                <Typography.Text type="secondary" data-testid="prop-tag">
                  formId {id}
                  {c.tag ? ` · ${c.tag}` : ''}
                </Typography.Text>
                {!container && (
                  <Typography.Text type="secondary" data-testid="prop-binding">
                    {t('prop.binding')}: {c.bindTable && c.bindTableField ? `${c.bindTable}.${c.bindTableField}` : t('prop.bindingAuto')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
