import { useState } from 'react';
import { Button, Select, Space, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScriptAction } from '@app/contracts';
import { CirculateEditor } from './CirculateEditor';
import { CommitInput } from './CommitInput';
import type { SectionProps } from './panel-section';
import { readScriptTask, sampleData } from './wf-config';

/** A script task: its actions in order, each setting a variable, calling an interface or sending a carbon copy. */
export function ScriptSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const config = readScriptTask(element.businessObject);
  const write = (actions: ScriptAction[]) => bridge.writeConfig(element, { ...config, actions });
  const set = (i: number, a: ScriptAction) => write(config.actions.map((x, j) => (j === i ? a : x)));
  const { token } = theme.useToken();
  return (
    <div data-testid="wfd-script">
      {config.actions.map((a, i) => (
        <div key={i} style={{ border: `1px solid ${token.colorBorderSecondary}`, padding: 6, marginBottom: 6, borderRadius: 4 }}>
          <Space style={{ marginBottom: 4 }}>
            <Select
              style={{ width: 130 }}
              value={a.type}
              onChange={(type) => set(i, newAction(type))}
              options={[
                { value: 'set', label: t('script.set') },
                { value: 'interface', label: t('script.interface') },
                { value: 'circulate', label: t('script.circulate') },
              ]}
              data-testid={`wfd-script-type-${i}`}
            />
            <Button icon={<DeleteOutlined />} onClick={() => write(config.actions.filter((_, j) => j !== i))} aria-label={t('action.remove')} />
          </Space>
          {a.type === 'circulate' ? (
            <div data-testid={`wfd-script-objects-${i}`}>
              <CirculateEditor value={a.objects} onChange={(objects) => set(i, { ...a, objects })} />
            </div>
          ) : a.type === 'set' ? (
            <>
              <CommitInput
                value={a.variable}
                placeholder={t('script.variable')}
                testId={`wfd-script-variable-${i}`}
                onCommit={(v) => v.trim() && set(i, { ...a, variable: v.trim() })}
              />
              <CommitInput
                value={a.expression}
                placeholder={t('script.expression')}
                testId={`wfd-script-expression-${i}`}
                onCommit={(v) => set(i, { ...a, expression: v })}
              />
            </>
          ) : (
            <>
              <CommitInput
                value={a.interfaceId}
                placeholder={t('script.interfaceId')}
                testId={`wfd-script-interface-${i}`}
                onCommit={(v) => v.trim() && set(i, { ...a, interfaceId: v.trim() })}
              />
              <ParamsInput value={a.params} onChange={(params) => set(i, { ...a, params })} testId={`wfd-script-params-${i}`} />
              <CommitInput
                value={a.resultVariable ?? ''}
                placeholder={t('script.resultVariable')}
                testId={`wfd-script-result-${i}`}
                onCommit={(v) => set(i, { ...a, resultVariable: v.trim() || undefined })}
              />
            </>
          )}
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => write([...config.actions, { type: 'set', variable: 'result', expression: '' }])}
        data-testid="wfd-script-add"
      >
        {t('action.addAction')}
      </Button>
    </div>
  );
}

/** A new action of the type: circulate starts with nobody to copy to (the save check asks for somebody). */
function newAction(type: ScriptAction['type']): ScriptAction {
  if (type === 'set') return { type, variable: 'result', expression: '' };
  if (type === 'interface') return { type, interfaceId: '-', params: {} };
  return { type, objects: [] };
}

/** Interface parameters as JSON text (name → expression). */
function ParamsInput({ value, onChange, testId }: { value: Record<string, string>; onChange: (v: Record<string, string>) => void; testId: string }) {
  const { t } = useTranslation('wfDesigner');
  const [bad, setBad] = useState(false);
  return (
    <CommitInput
      textarea
      value={JSON.stringify(value)}
      placeholder={t('script.params')}
      status={bad ? 'error' : undefined}
      testId={testId}
      onCommit={(text) => {
        const r = sampleData(text);
        const ok = 'data' in r && Object.values(r.data).every((v) => typeof v === 'string');
        setBad(!ok);
        if (ok && 'data' in r) onChange(r.data as Record<string, string>);
      }}
    />
  );
}
