import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitInput } from './CommitInput';
import type { SectionProps } from './panel-section';
import { poolProcesses, readProcess, readRawConfig } from './wf-config';

/** The process (nothing selected): the pool that runs when there are several, and the title template of its instances. */
export function ProcessSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const config = readProcess(element.businessObject);
  const pools = poolProcesses(element.businessObject);
  // Several pools: the one that runs is the one marked executable; choosing it unmarks the others.
  const run = (id: string) => {
    for (const p of pools.processes) bridge.updateModdle(element, p, { isExecutable: p.id === id });
  };
  return (
    <>
      {pools.processes.length > 1 && (
        <Form.Item label={t('field.runningPool')} extra={t('hint.runningPool')} validateStatus={pools.running ? undefined : 'warning'}>
          <Select
            value={pools.running}
            placeholder={t('field.choosePool')}
            onChange={run}
            options={pools.processes.map((p) => ({ value: p.id!, label: `${p.name || p.id} (${p.id})` }))}
            data-testid="wfd-prop-runningPool"
          />
        </Form.Item>
      )}
      <Form.Item label={t('field.titleTemplate')} extra={t('hint.titleTemplate')}>
        <CommitInput
          value={config.titleTemplate}
          testId="wfd-prop-titleTemplate"
          onCommit={(v) => bridge.writeConfig(element, { ...readRawConfig(element.businessObject), titleTemplate: v })}
        />
      </Form.Item>
    </>
  );
}
