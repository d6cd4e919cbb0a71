import { Button, Divider, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isPatternSupported, type FormField } from '@app/contracts';

/** The pattern rules a value must match, each with the message shown when it does not. */
export function RegListEditor({ field, onChange }: { field: FormField; onChange: (v: { pattern: string; message: string }[]) => void }) {
  const { t } = useTranslation('formDesigner');
  const rules = field.__config__.regList ?? [];
  const set = (i: number, r: Partial<{ pattern: string; message: string }>) => onChange(rules.map((x, j) => (j === i ? { ...x, ...r } : x)));

  return (
    <>
      <Divider size="small">{t('prop.regList')}</Divider>
      {rules.map((r, i) => (
        <div key={i} style={{ marginBottom: 6 }}>
          <Space.Compact block>
            <Input
              data-testid={`prop-regList-pattern-${i}`}
              status={isPatternSupported(r.pattern) ? undefined : 'error'}
              placeholder={t('prop.pattern')}
              value={r.pattern}
              maxLength={500}
              onChange={(e) => set(i, { pattern: e.target.value })}
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('common:delete')}
              data-testid={`prop-regList-remove-${i}`}
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
            />
          </Space.Compact>
          {/* The server runs patterns with RE2 (linear time) and refuses what it cannot compile. */}
          {!isPatternSupported(r.pattern) && <Typography.Text type="danger">{t('prop.patternUnsupported')}</Typography.Text>}
          <Input
            data-testid={`prop-regList-message-${i}`}
            placeholder={t('prop.patternMessage')}
            value={r.message}
            maxLength={200}
            onChange={(e) => set(i, { message: e.target.value })}
            style={{ marginTop: 2 }}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="prop-regList-add"
        onClick={() => onChange([...rules, { pattern: '', message: '' }])}
        disabled={rules.length >= 20}
      >
        {t('prop.addRule')}
      </Button>
    </>
  );
}
