import { Divider, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubProcessConfig } from '@app/contracts';
import { CommitInput } from './CommitInput';
import { CompletionEditor } from './CompletionEditor';
import type { SectionProps } from './panel-section';
import { multiInstanceOf, readSubProcess, type ModdleLike } from './wf-config';

/** A sub-process: run once, or as several instances (a count or one per list item) with a completion rule. */
export function SubProcessSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readSubProcess(bo);
  const write = (patch: Partial<SubProcessConfig>) => bridge.writeConfig(element, { ...config, ...patch });
  const mi = multiInstanceOf(bo);
  const loop = bo.loopCharacteristics as ModdleLike | undefined;
  const cardinality = ((loop?.loopCardinality as ModdleLike | undefined)?.body as string | undefined) ?? '';
  const condition = ((loop?.completionCondition as ModdleLike | undefined)?.body as string | undefined) ?? '';
  const byList = config.collection !== undefined;
  const setMi = (mode: 'none' | 'parallel' | 'sequential') => {
    if (mode === 'none') return bridge.update(element, { loopCharacteristics: undefined });
    if (loop) return bridge.updateModdle(element, loop, { isSequential: mode === 'sequential' });
    bridge.update(element, {
      loopCharacteristics: bridge.create('bpmn:MultiInstanceLoopCharacteristics', {
        isSequential: mode === 'sequential',
        loopCardinality: bridge.create('bpmn:FormalExpression', { body: '2' }),
      }),
    });
  };
  const expression = (body: string) => (body.trim() ? bridge.create('bpmn:FormalExpression', { body: body.trim() }) : undefined);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('section.subProcess')}
      </Divider>
      <Form.Item label={t('field.subMultiInstance')} extra={t('hint.subMultiInstance')}>
        <Select
          value={mi}
          onChange={setMi}
          options={(['none', 'parallel', 'sequential'] as const).map((v) => ({ value: v, label: t(`subMultiInstance.${v}`) }))}
          data-testid="wfd-prop-subMultiInstance"
        />
      </Form.Item>
      {mi !== 'none' && loop && (
        <>
          <Form.Item label={t('field.instancesBy')}>
            <Select
              value={byList ? 'list' : 'count'}
              onChange={(by: 'count' | 'list') => {
                if (by === 'list') {
                  write({ collection: '', elementVariable: config.elementVariable ?? 'item' });
                  bridge.updateModdle(element, loop, { loopCardinality: undefined });
                } else {
                  const { collection: _c, elementVariable: _e, ...rest } = config;
                  bridge.writeConfig(element, rest);
                  bridge.updateModdle(element, loop, { loopCardinality: expression(cardinality || '2') });
                }
              }}
              options={[
                { value: 'count', label: t('instancesBy.count') },
                { value: 'list', label: t('instancesBy.list') },
              ]}
              data-testid="wfd-prop-instancesBy"
            />
          </Form.Item>
          {byList ? (
            <Space align="start" wrap>
              <Form.Item label={t('field.collection')} extra={t('hint.collection')}>
                <CommitInput
                  value={config.collection ?? ''}
                  placeholder="regions"
                  testId="wfd-prop-collection"
                  onCommit={(v) => write({ collection: v.trim() })}
                />
              </Form.Item>
              <Form.Item label={t('field.elementVariable')}>
                <CommitInput
                  value={config.elementVariable ?? 'item'}
                  testId="wfd-prop-elementVariable"
                  onCommit={(v) => write({ elementVariable: v.trim() || 'item' })}
                />
              </Form.Item>
            </Space>
          ) : (
            <Form.Item label={t('field.cardinality')} extra={t('hint.cardinality')}>
              <CommitInput
                value={cardinality}
                placeholder="3"
                testId="wfd-prop-cardinality"
                onCommit={(v) => bridge.updateModdle(element, loop, { loopCardinality: expression(v) })}
              />
            </Form.Item>
          )}
          <CompletionEditor of="subProcess" value={config} onChange={write} />
          <Form.Item label={t('field.completionCondition')} extra={t('hint.completionCondition')}>
            <CommitInput
              value={condition}
              placeholder="nrOfCompletedInstances >= 2"
              testId="wfd-prop-completionCondition"
              onCommit={(v) => bridge.updateModdle(element, loop, { completionCondition: expression(v) })}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}
