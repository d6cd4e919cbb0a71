import { memo, useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SimpleProcess, SimpleSimulateAnswer } from '@app/contracts';
import { useDictionary } from '../../../components/dictionary';
import { UserPicker } from '../../../components/pickers';
import type { ConditionField } from './fields';
import { simpleApi } from './simple-api';

interface PreviewDrawerProps {
  open: boolean;
  width: number | string;
  /** The chain as it is when 模拟 is pressed. */
  model: () => SimpleProcess | null;
  fields: ConditionField[];
  onClose: () => void;
  /** The path of the last simulation (the canvas marks it); null clears it. */
  onResult: (answer: SimpleSimulateAnswer | null) => void;
}

/** 预览: sample values of the bound forms' fields and an initiator, 模拟 → the path, its approvers and notes. */
export const PreviewDrawer = memo(function PreviewDrawer({ open, width, model, fields, onClose, onResult }: PreviewDrawerProps) {
  const { t } = useTranslation('wfSimple');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [starter, setStarter] = useState<{ id: string; name: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<SimpleSimulateAnswer | null>(null);
  const run = async () => {
    const chain = model();
    if (!chain) return;
    setBusy(true);
    try {
      const res = await simpleApi.simulate(chain, values, starter?.id);
      setAnswer(res);
      onResult(res);
    } catch {
      // The api client shows the error.
    } finally {
      setBusy(false);
    }
  };
  const set = (vModel: string, v: unknown) => setValues((prev) => ({ ...prev, [vModel]: v }));
  return (
    <Drawer open={open} size={width} title={t('preview.title')} onClose={onClose} data-testid="wfs-preview-drawer">
      <Typography.Title level={5}>{t('preview.values')}</Typography.Title>
      {fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.noFields')} />
      ) : (
        <Form layout="vertical" size="small" component="div">
          {fields.map((f) => (
            <Form.Item key={f.vModel} label={f.label}>
              <SampleInput field={f} value={values[f.vModel]} onChange={(v) => set(f.vModel, v)} />
            </Form.Item>
          ))}
        </Form>
      )}
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t('preview.starter')}>
          <Space wrap>
            <Tag data-testid="wfs-preview-starter">{starter?.name ?? t('preview.me')}</Tag>
            <Button size="small" onClick={() => setPicking(true)} data-testid="wfs-preview-pick-starter">
              {t('preview.pickStarter')}
            </Button>
            {starter && (
              <Button size="small" type="link" onClick={() => setStarter(null)}>
                {t('preview.me')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      <Button type="primary" icon={<PlayCircleOutlined />} loading={busy} onClick={() => void run()} data-testid="wfs-preview-run">
        {t('action.run')}
      </Button>
      {answer && (
        <div style={{ marginTop: 16 }} data-testid="wfs-preview-steps">
          {answer.refusal && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('preview.refusal', { message: answer.refusal })}
              data-testid="wfs-preview-refusal"
            />
          )}
          <Typography.Title level={5}>{t('preview.steps')}</Typography.Title>
          {answer.steps.map((s, i) => (
            <div key={`${s.nodeId}-${i}`} className="wfs-steps-row" style={{ paddingLeft: s.depth * 20 }} data-testid={`wfs-preview-step-${s.nodeId}`}>
              <Tag color={s.kind === 'approver' ? 'orange' : s.kind === 'cc' ? 'blue' : s.kind === 'branch' ? 'purple' : undefined}>{t(`kind.${s.kind}`)}</Tag>
              <div>
                <Typography.Text strong>{s.name}</Typography.Text>
                {(s.kind === 'approver' || s.kind === 'cc' || s.kind === 'start') && (
                  <div>{s.users.length ? s.users.map((u) => u.F_RealName).join(t('separator')) : t('preview.nobody')}</div>
                )}
                {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
              </div>
            </div>
          ))}
        </div>
      )}
      <UserPicker
        open={picking}
        single
        onCancel={() => setPicking(false)}
        onOk={(_, users) => {
          const u = users[0];
          setStarter(u ? { id: u.F_UserId, name: u.F_RealName } : null);
          setPicking(false);
        }}
      />
    </Drawer>
  );
});

/** A sample value input by the field's kind (a simple generic form). */
function SampleInput({ field, value, onChange }: { field: ConditionField; value: unknown; onChange: (v: unknown) => void }) {
  const dictionary = useDictionary(field.kind === 'dictionary' ? (field.dictionary ?? '') : '');
  const testId = `wfs-preview-value-${field.vModel}`;
  if (field.kind === 'number')
    return (
      <InputNumber style={{ width: '100%' }} value={typeof value === 'number' ? value : null} onChange={(v) => onChange(v ?? undefined)} data-testid={testId} />
    );
  if (field.kind === 'options' || field.kind === 'dictionary') {
    const options = field.kind === 'options' ? (field.options ?? []) : (dictionary.data ?? []).map((i) => ({ value: i.F_ItemValue, label: i.F_ItemName }));
    return <Select allowClear style={{ width: '100%' }} value={value as string | undefined} options={options} onChange={onChange} data-testid={testId} />;
  }
  return (
    <Input
      type={field.kind === 'date' ? 'date' : 'text'}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      data-testid={testId}
    />
  );
}
