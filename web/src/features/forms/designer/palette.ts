import type { FieldConfig, FieldType, FormField } from '@app/contracts';

/** Palette groups; every FIELD_TYPES entry is in exactly one (a test checks). */
export const PALETTE_GROUPS: { key: string; types: FieldType[] }[] = [
  { key: 'basic', types: ['input', 'textarea', 'password', 'number', 'mobile', 'switch', 'slider', 'rate', 'date', 'time', 'color', 'editor', 'computation'] },
  { key: 'option', types: ['select', 'radio', 'checkbox', 'asso-select', 'cascader', 'area'] },
  { key: 'advanced', types: ['upload', 'company', 'department', 'user', 'info', 'map'] },
  { key: 'layout', types: ['row', 'tabs', 'table'] },
];

/** The original form generator's component tags (informative, kept so schemes round-trip with it). */
const TAGS: Record<FieldType, string> = {
  input: 'el-input',
  textarea: 'el-input',
  password: 'el-input',
  number: 'el-input-number',
  mobile: 'el-input',
  select: 'el-select',
  radio: 'el-radio-group',
  checkbox: 'el-checkbox-group',
  'asso-select': 'asso-select',
  switch: 'el-switch',
  slider: 'el-slider',
  rate: 'el-rate',
  date: 'el-date-picker',
  time: 'el-time-picker',
  cascader: 'el-cascader',
  area: 'avue-area',
  color: 'el-color-picker',
  upload: 'el-upload',
  editor: 'avue-ueditor',
  company: 'company-select',
  department: 'department-select',
  user: 'user-select',
  info: 'info-field',
  map: 'avue-map',
  computation: 'computation',
  row: 'el-row',
  tabs: 'avue-tabs',
  table: 'table',
};

type Texts = (key: string) => string;

/**
 * A new field of `type` with the defaults a user expects (label, placeholder, two options for option fields,
 * full width, switch colours, 2 MB uploads, …). formId / vModel are given by the caller (next free ones).
 */
export function newField(type: FieldType, formId: number, vModel: string, t: Texts): FormField {
  const label = t(`type.${type}`);
  const config: FieldConfig = {
    formId,
    avueType: type,
    tag: TAGS[type],
    label,
    showLabel: true,
    labelWidth: 120,
    span: 24,
    layout: 'colFormItem',
    required: false,
    view: true,
    edit: true,
    regList: [],
  };
  const input = `${t('defaults.pleaseInput')}${label}`;
  const choose = `${t('defaults.pleaseSelect')}${label}`;
  const options = [
    { label: t('defaults.option1'), value: '1' },
    { label: t('defaults.option2'), value: '2' },
  ];
  const base: FormField = { __config__: config, __vModel__: vModel };
  const layout = (extra: Partial<FieldConfig>): FormField => ({
    __config__: { ...config, layout: 'rowFormItem', componentName: type === 'tabs' ? 'avue-tabs' : type === 'table' ? 'table' : 'row', ...extra },
  });
  switch (type) {
    case 'input':
      return { ...base, placeholder: input, clearable: true, 'show-word-limit': false, __slot__: { prepend: '', append: '' }, style: { width: '100%' } };
    case 'textarea':
      return { ...base, type: 'textarea', placeholder: input, 'show-word-limit': false, autosize: { minRows: 4, maxRows: 4 }, style: { width: '100%' } };
    case 'password':
      return { ...base, placeholder: input, clearable: true, 'show-password': true, style: { width: '100%' } };
    case 'mobile':
      return { ...base, placeholder: input, clearable: true, maxlength: 11 };
    case 'number':
      return { ...base, placeholder: input, step: 1, 'controls-position': 'right', __config__: { ...config, showCapitalizedValue: false } };
    case 'computation':
      return { ...base, placeholder: '', precision: 2, computationalConfiguration: [], __config__: { ...config, showCapitalizedValue: false } };
    case 'select':
      return {
        ...base,
        placeholder: choose,
        clearable: true,
        multiple: false,
        __slot__: { options },
        __config__: { ...config, dataType: 'static', filterable: false, remote: false },
      };
    case 'radio':
      return { ...base, __slot__: { options }, __config__: { ...config, dataType: 'static' } };
    case 'checkbox':
      return { ...base, __slot__: { options }, __config__: { ...config, dataType: 'static' } };
    case 'asso-select':
      return {
        ...base,
        placeholder: choose,
        clearable: true,
        __config__: { ...config, dataType: 'dataSource', dataSource: '', showField: '', saveField: '', filterable: true, remote: false, autoBindFields: '{}' },
      };
    case 'cascader':
      return { ...base, placeholder: choose, clearable: true, __slot__: { options: [] }, __config__: { ...config, dataType: 'static' } };
    case 'area':
      return { ...base, placeholder: choose, clearable: true };
    case 'switch':
      return {
        ...base,
        'active-text': '',
        'inactive-text': '',
        'active-color': '#409EFF',
        'inactive-color': '#C0CCDA',
        'active-value': true,
        'inactive-value': false,
        __config__: { ...config, defaultValue: false },
      };
    case 'slider':
      return { ...base, min: 0, max: 100, step: 1, __config__: { ...config, defaultValue: 0 } };
    case 'rate':
      return { ...base, max: 5, __config__: { ...config, defaultValue: 0 } };
    case 'date':
      return { ...base, type: 'date', placeholder: choose, clearable: true, format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' };
    case 'time':
      return { ...base, placeholder: choose, clearable: true, 'is-range': false, format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' };
    case 'color':
      return { ...base };
    case 'upload':
      return { ...base, accept: '', multiple: true, limit: 9, __config__: { ...config, fileSize: 2, sizeUnit: 'MB' } };
    case 'editor':
      return { ...base, placeholder: input };
    case 'company':
      return { ...base, placeholder: choose, multiple: false, __config__: { ...config, tagIcon: 'company' } };
    case 'department':
      return { ...base, placeholder: choose, multiple: false, __config__: { ...config, tagIcon: 'department' } };
    case 'user':
      return { ...base, placeholder: choose, multiple: false };
    case 'info':
      return { ...base, infoType: 'user', readonly: true, __config__: { ...config, edit: false } };
    case 'map':
      return { ...base, zoom: 12 };
    case 'row':
      return layout({ children: [] });
    case 'tabs':
      return layout({
        option: {
          column: [
            { label: `${t('defaults.tab')}1`, prop: 'tab1' },
            { label: `${t('defaults.tab')}2`, prop: 'tab2' },
          ],
        },
        childrenObj: { tab1: [], tab2: [] },
        tabsType: '',
        tabPosition: 'top',
      });
    case 'table':
      return { ...layout({ children: [], showSummary: true }), __vModel__: vModel };
  }
}
