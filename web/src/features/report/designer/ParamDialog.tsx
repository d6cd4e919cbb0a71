import { AutoComplete, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARAM_TYPES, REPORT_LIMITS, reportIdentifier, reportParam, type ReportParam } from '@app/contracts';
import { DictionaryPicker } from './DictionaryPicker';
import { useDesigner } from './designer-state';

type Values = Pick<ReportParam, 'name' | 'label' | 'type' | 'dictionary' | 'default' | 'required'>;

/** The defaults a parameter type understands, offered in its select (anything else is typed). */
const DEFAULT_HINTS: Partial<Record<ReportParam['type'], string[]>> = {
  date: ['today', 'monthStart', 'yearStart'],
  dateRange: ['thisMonth', 'lastMonth', 'thisYear'],
};

/** Adds or edits a query-bar parameter (`@name` in SQL and formulas). */
export function ParamDialog({ editing, onClose }: { editing?: ReportParam; onClose: () => void }) {
  const { t } = useTranslation('reportDesigner');
  const designer = useDesigner();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? editing?.type ?? 'text';
  const others = designer.side.params.filter((p) => p.name !== editing?.name);
  const hints = DEFAULT_HINTS[type];
  const serverFilled = type === 'currentUser' || type === 'currentDepartment' || type === 'currentCompany';

  const save = async () => {
    const v = await form.validateFields();
    const parsed = reportParam.parse({ ...v, dictionary: type === 'dict' ? v.dictionary : undefined, default: v.default ?? '' });
    designer.setSide((s) => ({ ...s, params: editing ? s.params.map((p) => (p.name === editing.name ? parsed : p)) : [...s.params, parsed] }));
    onClose();
  };

  return (
    <Modal
      open
      title={editing ? t('param.editTitle', { name: editing.name }) : t('param.addTitle')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      okButtonProps={{ 'data-testid': 'rd-param-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={editing ?? { name: '', label: '', type: 'text', default: '', required: false }}
        data-testid="rd-param-dialog"
      >
        <div className="rd-row">
          <Form.Item
            name="name"
            label={t('param.name')}
            style={{ flex: 1 }}
            tooltip={t('param.nameHelp')}
            rules={[
              { required: true, message: t('param.nameRequired') },
              {
                validator: (_, v: string) =>
                  !v || reportIdentifier.safeParse(v).success ? Promise.resolve() : Promise.reject(new Error(t('dataSet.nameInvalid'))),
              },
              { validator: (_, v: string) => (others.some((p) => p.name === v?.trim()) ? Promise.reject(new Error(t('param.nameTaken'))) : Promise.resolve()) },
            ]}
          >
            <Input prefix="@" maxLength={64} data-testid="rd-param-name" />
          </Form.Item>
          <Form.Item name="label" label={t('param.label')} style={{ flex: 1 }}>
            <Input maxLength={REPORT_LIMITS.name} data-testid="rd-param-label" />
          </Form.Item>
        </div>
        <Form.Item
          name="type"
          label={t('param.type')}
          extra={type === 'dateRange' ? t('param.dateRangeHelp') : serverFilled ? t('param.serverFilled') : undefined}
        >
          <Select options={PARAM_TYPES.map((p) => ({ value: p, label: t(`paramTypes.${p}`) }))} data-testid="rd-param-type" />
        </Form.Item>
        {type === 'dict' && (
          <Form.Item name="dictionary" label={t('param.dictionary')} rules={[{ required: true, message: t('param.dictionaryRequired') }]}>
            <DictionaryPicker testId="rd-param-dictionary" />
          </Form.Item>
        )}
        {!serverFilled && (
          <div className="rd-row">
            <Form.Item name="default" label={t('param.default')} style={{ flex: 1 }} extra={hints ? t(`param.defaultHelp.${type}`) : undefined}>
              {hints ? (
                <AutoComplete
                  allowClear
                  options={hints.map((h) => ({ value: h, label: `${h} · ${t(`param.defaults.${h}`)}` }))}
                  data-testid="rd-param-default"
                />
              ) : (
                <Input maxLength={200} data-testid="rd-param-default" />
              )}
            </Form.Item>
            <Form.Item name="required" label={t('param.required')} valuePropName="checked">
              <Switch data-testid="rd-param-required" />
            </Form.Item>
          </div>
        )}
      </Form>
    </Modal>
  );
}
