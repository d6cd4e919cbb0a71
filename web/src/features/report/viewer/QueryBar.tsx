import { useMemo } from 'react';
import { Button, DatePicker, Form, Grid, Input, InputNumber, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportParamValues, ReportQueryField } from '@app/contracts';
import '../../../lib/dayjs-locale';

const DATE = 'YYYY-MM-DD';

/** The fields the viewer shows (current user / department / company are filled in by the server). */
export const shownFields = (fields: ReportQueryField[]) => fields.filter((f) => !f.type.startsWith('current'));

type FormValue = string | number | Dayjs | [Dayjs | null, Dayjs | null] | null | undefined;

function toForm(f: ReportQueryField): FormValue {
  const v = f.value;
  if (f.type === 'date') return typeof v === 'string' && v ? dayjs(v) : null;
  if (f.type === 'dateRange') {
    const [b, e] = Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(',') : [];
    return b && e ? [dayjs(b), dayjs(e)] : null;
  }
  if (f.type === 'number') return typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
  return Array.isArray(v) ? (v[0] ?? '') : v;
}

function fromForm(f: ReportQueryField, v: FormValue): string | string[] {
  if (v === null || v === undefined) return f.type === 'dateRange' ? [] : '';
  if (f.type === 'date') return dayjs.isDayjs(v) ? v.format(DATE) : '';
  if (f.type === 'dateRange') {
    const [b, e] = Array.isArray(v) ? v : [];
    return b && e ? [b.format(DATE), e.format(DATE)] : [];
  }
  return String(v);
}

/** The parameter values the query bar starts with (each parameter's resolved default). */
export function initialParams(fields: ReportQueryField[]): ReportParamValues {
  return Object.fromEntries(shownFields(fields).map((f) => [f.name, fromForm(f, toForm(f))]));
}

/** A required parameter without a value keeps the report from running until it is filled in. */
export function missingRequired(fields: ReportQueryField[], params: ReportParamValues): boolean {
  return shownFields(fields).some((f) => {
    if (!f.required) return false;
    const v = params[f.name];
    return Array.isArray(v) ? v.length < 2 || !v[0] : !v;
  });
}

/**
 * The report's query bar, built from its parameters: text, number, date, date range and dictionary select, required
 * ones marked; 查询 runs the report with the values, 重置 goes back to the defaults and runs it. Stacks on a phone.
 */
export function QueryBar({ fields, onSearch, busy }: { fields: ReportQueryField[]; onSearch: (params: ReportParamValues) => void; busy?: boolean }) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<Record<string, FormValue>>();
  const phone = Grid.useBreakpoint().xs === true;
  const shown = useMemo(() => shownFields(fields), [fields]);
  const initial = useMemo(() => Object.fromEntries(shown.map((f) => [f.name, toForm(f)])), [shown]);
  const submit = (values: Record<string, FormValue>) => onSearch(Object.fromEntries(shown.map((f) => [f.name, fromForm(f, values[f.name])])));
  if (!shown.length) return null;
  const width = phone ? '100%' : undefined;
  return (
    <Form
      form={form}
      layout={phone ? 'vertical' : 'inline'}
      initialValues={initial}
      onFinish={submit}
      className="rv-query"
      data-testid="report-query"
      style={{ rowGap: 8 }}
    >
      {shown.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          style={phone ? { marginBottom: 8 } : undefined}
          rules={f.required ? [{ required: true, message: t('viewer.paramRequired', { label: f.label }) }] : undefined}
        >
          {f.type === 'number' ? (
            <InputNumber style={{ width: width ?? 140 }} data-testid={`report-param-${f.name}`} />
          ) : f.type === 'date' ? (
            <DatePicker style={{ width: width ?? 150 }} format={DATE} data-testid={`report-param-${f.name}`} />
          ) : f.type === 'dateRange' ? (
            <DatePicker.RangePicker style={{ width: width ?? 260 }} format={DATE} data-testid={`report-param-${f.name}`} />
          ) : f.type === 'dict' && f.options ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: width ?? 160 }}
              placeholder={t('viewer.choose')}
              options={f.options}
              data-testid={`report-param-${f.name}`}
            />
          ) : (
            <Input allowClear style={{ width: width ?? 160 }} data-testid={`report-param-${f.name}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item style={phone ? { marginBottom: 0 } : undefined}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={busy} data-testid="report-search">
            {t('common:search')}
          </Button>
          <Button
            data-testid="report-reset"
            onClick={() => {
              form.resetFields();
              submit(initial);
            }}
          >
            {t('common:reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
