import { Button, Card, Empty, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { codeRuleDateFormats, codeRuleResets, type CodeRulePart } from '@app/contracts';

export type PartType = CodeRulePart['type'];
const PART_TYPES: PartType[] = ['text', 'date', 'sequence', 'company', 'department'];

export function newPart(type: PartType): CodeRulePart {
  switch (type) {
    case 'text':
      return { type, value: '' };
    case 'date':
      return { type, format: 'yyyyMMdd' };
    case 'sequence':
      return { type, width: 4, start: 1, step: 1, reset: 'never' };
    default:
      return { type };
  }
}

/** A local preview of the parts (sequence at its start value; company / department shown as placeholders). */
export function previewParts(parts: CodeRulePart[], now = new Date(), placeholders = { company: 'COMPANY', department: 'DEPT' }): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const y = String(now.getFullYear());
  const tokens: Record<string, string> = { yyyy: y, yy: y.slice(2), MM: pad(now.getMonth() + 1), dd: pad(now.getDate()) };
  return parts
    .map((p) => {
      switch (p.type) {
        case 'text':
          return p.value;
        case 'date':
          return p.format.replace(/yyyy|yy|MM|dd/g, (m) => tokens[m]);
        case 'sequence':
          return String(p.start ?? 1).padStart(p.width, '0');
        case 'company':
          return placeholders.company;
        case 'department':
          return placeholders.department;
      }
      return '';
    })
    .join('');
}

/** Form control: the ordered parts of a code rule (at most one sequence). */
export function CodeRulePartsEditor({ value = [], onChange }: { value?: CodeRulePart[]; onChange?: (parts: CodeRulePart[]) => void }) {
  const { t } = useTranslation('admin');
  const set = (i: number, p: CodeRulePart) => onChange?.(value.map((x, j) => (j === i ? p : x)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange?.(next);
  };
  const hasSequence = value.some((p) => p.type === 'sequence');
  return (
    <div data-testid="code-rule-parts">
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('codeRule.noParts')} />}
      {value.map((p, i) => (
        <Card key={i} size="small" style={{ marginBottom: 8 }} data-testid={`code-rule-part-${i}`}>
          <Space wrap align="center">
            <Tag color="blue">{t(`codeRule.type.${p.type}`)}</Tag>
            {p.type === 'text' && (
              <Input
                value={p.value}
                maxLength={50}
                placeholder={t('codeRule.text')}
                onChange={(e) => set(i, { ...p, value: e.target.value })}
                data-testid={`code-rule-part-${i}-text`}
                style={{ width: 160 }}
              />
            )}
            {p.type === 'date' && (
              <Select
                value={p.format}
                style={{ width: 140 }}
                onChange={(format) => set(i, { ...p, format })}
                options={codeRuleDateFormats.map((f) => ({ value: f, label: f }))}
                data-testid={`code-rule-part-${i}-format`}
              />
            )}
            {p.type === 'sequence' && (
              <>
                <span>{t('codeRule.width')}</span>
                <InputNumber
                  min={1}
                  max={18}
                  value={p.width}
                  onChange={(w) => set(i, { ...p, width: w ?? 1 })}
                  data-testid={`code-rule-part-${i}-width`}
                  style={{ width: 70 }}
                />
                <span>{t('codeRule.start')}</span>
                <InputNumber
                  min={0}
                  value={p.start}
                  onChange={(s) => set(i, { ...p, start: s ?? 0 })}
                  data-testid={`code-rule-part-${i}-start`}
                  style={{ width: 90 }}
                />
                <span>{t('codeRule.step')}</span>
                <InputNumber
                  min={1}
                  value={p.step}
                  onChange={(s) => set(i, { ...p, step: s ?? 1 })}
                  data-testid={`code-rule-part-${i}-step`}
                  style={{ width: 70 }}
                />
                <span>{t('codeRule.reset')}</span>
                <Select
                  value={p.reset ?? 'never'}
                  style={{ width: 110 }}
                  onChange={(reset) => set(i, { ...p, reset })}
                  options={codeRuleResets.map((r) => ({ value: r, label: t(`codeRule.resets.${r}`) }))}
                  data-testid={`code-rule-part-${i}-reset`}
                />
              </>
            )}
            {(p.type === 'company' || p.type === 'department') && <Typography.Text type="secondary">{t(`codeRule.hint.${p.type}`)}</Typography.Text>}
            <Space size={0}>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('codeRule.up')} />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
                aria-label={t('codeRule.down')}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
                data-testid={`code-rule-part-${i}-remove`}
                aria-label={t('common:delete')}
              />
            </Space>
          </Space>
        </Card>
      ))}
      <Space wrap>
        {PART_TYPES.map((type) => (
          <Button
            key={type}
            size="small"
            icon={<PlusOutlined />}
            disabled={value.length >= 10 || (type === 'sequence' && hasSequence)}
            onClick={() => onChange?.([...value, newPart(type)])}
            data-testid={`code-rule-add-${type}`}
          >
            {t(`codeRule.type.${type}`)}
          </Button>
        ))}
      </Space>
      <div style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('codeRule.preview')}: </Typography.Text>
        <Typography.Text code data-testid="code-rule-preview">
          {previewParts(value)}
        </Typography.Text>
      </div>
    </div>
  );
}
