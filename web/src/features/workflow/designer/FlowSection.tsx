import { useEffect, useState } from 'react';
import { App, Button, Divider, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemeApi } from '../scheme/scheme-api';
import { isChoiceGateway, type BoundForm, type SectionProps } from './panel-section';
import { conditionText, insertReference, sampleData } from './wf-config';

/** A sequence flow: its condition (with form fields to insert and a try-out on the server) and whether it is the gateway's default. */
export function FlowSection({ bridge, element, forms }: SectionProps & { forms: BoundForm[] }) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const source = element.source;
  const condition = conditionText(bo);
  const [draft, setDraft] = useState(condition);
  useEffect(() => setDraft(condition), [condition]);
  const [sample, setSample] = useState('{}');
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const { message } = App.useApp();
  const commit = (text: string) => {
    if (text === condition) return;
    bridge.update(element, { conditionExpression: text.trim() === '' ? undefined : bridge.create('bpmn:FormalExpression', { body: text.trim() }) });
  };
  const isDefault = !!source && (source.businessObject.default as { id?: string } | undefined)?.id === bo.id;
  const test = async () => {
    const parsed = sampleData(sample);
    if ('error' in parsed) return void message.error(t('message.badSample'));
    const r = await schemeApi.testCondition({ expression: draft, data: parsed.data });
    setResult(r.error ? { text: r.error, ok: false } : { text: `${JSON.stringify(r.result)} → ${r.truthy ? t('test.true') : t('test.false')}`, ok: r.truthy });
  };
  const fieldOptions = forms.flatMap((f) => f.fields.map((x) => ({ value: x.vModel, label: `${f.name} / ${x.label} (${x.vModel})` })));
  return (
    <>
      <Form.Item label={t('field.condition')} extra={t('hint.condition')}>
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => commit(draft)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="days > 3"
          data-testid="wfd-prop-condition"
          disabled={isDefault}
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('field.insertField')}
          value={null}
          options={fieldOptions}
          onChange={(v: string) => {
            const next = insertReference(draft, v);
            setDraft(next);
            commit(next);
          }}
          data-testid="wfd-prop-condition-field"
          disabled={isDefault}
        />
      </Space>
      {isChoiceGateway(source) && source && (
        <Form.Item>
          <Switch
            checked={isDefault}
            onChange={(on) => {
              if (on && condition) bridge.update(element, { conditionExpression: undefined });
              bridge.update(source, { default: on ? bo : undefined });
            }}
            data-testid="wfd-prop-defaultFlow"
          />{' '}
          {t('field.defaultFlow')}
        </Form.Item>
      )}
      <Divider titlePlacement="start" plain>
        {t('section.test')}
      </Divider>
      <Input.TextArea value={sample} onChange={(e) => setSample(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="wfd-test-data" />
      <Space style={{ marginTop: 6 }}>
        <Button size="small" onClick={() => void test()} data-testid="wfd-test-run" disabled={draft.trim() === ''}>
          {t('action.test')}
        </Button>
        {result && (
          <Tag color={result.ok ? 'green' : 'red'} data-testid="wfd-test-result">
            {result.text}
          </Tag>
        )}
      </Space>
    </>
  );
}
