import { Alert, Button, Divider, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@app/contracts';
import { useDesigner } from './context';

/** Tabs of a tabs container: add / rename / remove (removing a tab removes its fields; undo brings them back). */
export function TabsEditor({ field }: { field: FormField }) {
  const { t } = useTranslation('formDesigner');
  const { dispatch } = useDesigner();
  const c = field.__config__;
  const tabs = c.option?.column ?? [];
  // Renaming merges keystrokes into one undo step; adding and removing are steps of their own.
  const write = (column: typeof tabs, childrenObj: Record<string, FormField[]>, key?: string) =>
    dispatch({
      type: 'update',
      formId: c.formId,
      mergeKey: key && `${c.formId}:${key}`,
      fn: (f) => ({ ...f, __config__: { ...f.__config__, option: { ...f.__config__.option, column }, childrenObj } }),
    });
  const kids = c.childrenObj ?? {};
  return (
    <>
      <Divider size="small">{t('prop.tabs')}</Divider>
      {tabs.map((tab, i) => (
        <Space.Compact key={tab.prop} block style={{ marginBottom: 4 }}>
          <Input
            data-testid={`prop-tabs-label-${i}`}
            value={tab.label}
            maxLength={100}
            onChange={(e) =>
              write(
                tabs.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)),
                kids,
                `tab.${tab.prop}`,
              )
            }
          />
          <Input
            data-testid={`prop-tabs-icon-${i}`}
            placeholder={t('prop.tabIcon')}
            style={{ width: 100 }}
            value={tab.icon ?? ''}
            maxLength={100}
            onChange={(e) =>
              write(
                tabs.map((x, j) => (j === i ? { ...x, icon: e.target.value || undefined } : x)),
                kids,
                `tab-icon.${tab.prop}`,
              )
            }
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('common:delete')}
            data-testid={`prop-tabs-remove-${i}`}
            disabled={tabs.length <= 1}
            onClick={() => {
              const rest = { ...kids };
              delete rest[tab.prop];
              write(
                tabs.filter((_, j) => j !== i),
                rest,
              );
            }}
          />
        </Space.Compact>
      ))}
      {tabs.some((x) => (kids[x.prop]?.length ?? 0) > 0) && <Alert type="info" showIcon title={t('prop.tabRemoveHelp')} style={{ marginBottom: 6 }} />}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-tabs-add"
        disabled={tabs.length >= 50}
        onClick={() => {
          let n = tabs.length + 1;
          while (tabs.some((x) => x.prop === `tab${n}`)) n++;
          write([...tabs, { label: `${t('defaults.tab')}${n}`, prop: `tab${n}` }], { ...kids, [`tab${n}`]: [] });
        }}
      >
        {t('prop.addTab')}
      </Button>
    </>
  );
}
