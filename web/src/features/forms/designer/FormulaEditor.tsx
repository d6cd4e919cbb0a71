import { Button, Divider, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComputationToken, FormField } from '@app/contracts';
import { formulaText } from './Canvas';
import { numericFields } from './scheme-ops';

const OPS: [string, string][] = [
  ['plus', '+'],
  ['minus', '-'],
  ['times', '*'],
  ['divide', '/'],
  ['lparen', '('],
  ['rparen', ')'],
];

/** Formula builder: field references (numeric fields), operators, constants and the tax-rate token, in order. */
export function FormulaEditor({
  field,
  data,
  onChange,
  onTaxRate,
}: {
  field: FormField;
  data: FormField[];
  onChange: (t: ComputationToken[]) => void;
  onTaxRate: (v: number | undefined) => void;
}) {
  const { t } = useTranslation('formDesigner');
  const tokens = field.computationalConfiguration ?? [];
  const refs = numericFields(data, field.__config__.formId);
  const add = (token: ComputationToken) => onChange([...tokens, token]);
  const hasTax = tokens.some((x) => x.type === 'taxRate');
  return (
    <>
      <Divider size="small">{t('prop.formula')}</Divider>
      <div
        data-testid="prop-formula"
        style={{ minHeight: 32, padding: '4px 8px', border: '1px solid rgba(128,128,128,0.35)', borderRadius: 6, marginBottom: 6, wordBreak: 'break-all' }}
      >
        {formulaText(field, t('formula.taxRate')) || <Typography.Text type="secondary">{t('formula.empty')}</Typography.Text>}
      </div>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {refs.map((f) => (
          <Button
            key={f.__config__.formId}
            size="small"
            data-testid={`prop-formula-field-${f.__config__.formId}`}
            onClick={() => add({ type: 'formId', formId: f.__config__.formId, name: f.__config__.label })}
          >
            {f.__config__.label}
          </Button>
        ))}
        {!refs.length && <Typography.Text type="secondary">{t('formula.noFields')}</Typography.Text>}
      </Space>
      <Space wrap size={4} style={{ marginBottom: 6 }}>
        {OPS.map(([name, op]) => (
          <Button key={name} size="small" data-testid={`prop-formula-op-${name}`} onClick={() => add({ type: 'operator', formId: 0, name: op })}>
            {op}
          </Button>
        ))}
        <Button size="small" data-testid="prop-formula-tax" disabled={hasTax} onClick={() => add({ type: 'taxRate', formId: 0, name: 'taxRate' })}>
          {t('formula.taxRate')}
        </Button>
        <Button size="small" data-testid="prop-formula-back" disabled={!tokens.length} onClick={() => onChange(tokens.slice(0, -1))}>
          {t('formula.back')}
        </Button>
        <Button size="small" danger data-testid="prop-formula-clear" disabled={!tokens.length} onClick={() => onChange([])}>
          {t('formula.clear')}
        </Button>
      </Space>
      <Input.Search
        size="small"
        data-testid="prop-formula-const"
        placeholder={t('formula.constant')}
        enterButton={t('formula.addConstant')}
        maxLength={30}
        onSearch={(v, _e, info) => {
          if (info?.source === 'clear') return;
          const text = v.trim();
          if (/^\d+(\.\d+)?$/.test(text)) add({ type: 'operator', formId: 0, name: text });
        }}
        style={{ marginBottom: 6 }}
      />
      <Form.Item label={t('prop.taxRate')} help={t('formula.taxHelp')} style={{ marginBottom: 10 }}>
        <InputNumber
          data-testid="prop-taxRate"
          style={{ width: '100%' }}
          value={typeof field.taxRate === 'number' ? field.taxRate : null}
          onChange={(v) => onTaxRate(v === null ? undefined : Number(v))}
        />
      </Form.Item>
    </>
  );
}
