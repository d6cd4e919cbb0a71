import { Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BTN_AGREE, BTN_REJECT, type NodeButton } from '@app/contracts';
import { CommitInput } from './CommitInput';

/** The buttons of an approval step: agree, reject, or custom ones with their own value. */
export function ButtonsEditor({ value, onChange }: { value: NodeButton[]; onChange: (v: NodeButton[]) => void }) {
  const { t } = useTranslation('wfDesigner');
  const set = (i: number, b: NodeButton) => onChange(value.map((x, j) => (j === i ? b : x)));
  return (
    <div data-testid="wfd-buttons">
      {value.map((b, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 4 }}>
          <Select
            style={{ width: 110 }}
            value={b.value === BTN_AGREE || b.value === BTN_REJECT ? b.value : 'custom'}
            onChange={(v) => set(i, { ...b, value: v === 'custom' ? `custom_${i + 1}` : v })}
            options={[
              { value: BTN_AGREE, label: t('button.agree') },
              { value: BTN_REJECT, label: t('button.reject') },
              { value: 'custom', label: t('button.custom') },
            ]}
            data-testid={`wfd-button-kind-${i}`}
          />
          {b.value !== BTN_AGREE && b.value !== BTN_REJECT && (
            <CommitInput value={b.value} testId={`wfd-button-value-${i}`} onCommit={(v) => v.trim() && set(i, { ...b, value: v.trim() })} />
          )}
          <CommitInput value={b.name} testId={`wfd-button-name-${i}`} onCommit={(v) => v.trim() && set(i, { ...b, name: v.trim() })} />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('action.remove')} />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, { value: `custom_${value.length + 1}`, name: t('button.custom') }])}
        data-testid="wfd-button-add"
      >
        {t('action.addButton')}
      </Button>
    </div>
  );
}
