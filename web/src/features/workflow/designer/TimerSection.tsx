import { useEffect, useState } from 'react';
import { Checkbox, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiagramElement } from './bridge';
import { CommitInput } from './CommitInput';
import type { SectionProps } from './panel-section';
import { readTimer, TIMER_KINDS, timerTextLooksValid, timerValue, type TimerKind } from './wf-config';

/** A timer event: duration, date or cycle, and on a task's border what it does when it fires. */
export function TimerSection({ bridge, element }: SectionProps) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readTimer(bo);
  const { kind, text } = timerValue(bo);
  const [chosenKind, setChosenKind] = useState<TimerKind>(kind);
  useEffect(() => setChosenKind(kind), [kind, element.id]);
  const def = (Array.isArray(bo.eventDefinitions) ? (bo.eventDefinitions as DiagramElement['businessObject'][]) : []).find(
    (d) => d.$type === 'bpmn:TimerEventDefinition',
  );
  // One of duration, date and cycle: writing one clears the others.
  const write = (which: TimerKind, value: string) => {
    if (!def) return;
    const props: Record<string, unknown> = { timeDuration: undefined, timeDate: undefined, timeCycle: undefined };
    if (value.trim()) props[which] = bridge.create('bpmn:FormalExpression', { body: value.trim() });
    bridge.updateModdle(element, def, props);
  };
  const boundary = bo.$type === 'bpmn:BoundaryEvent';
  // With an outgoing flow BPMN decides what happens (interrupting or not); remind / approve are for a timer without one.
  const leadsOn = (element.outgoing ?? []).length > 0;
  return (
    <>
      <Form.Item label={t('field.timerKind')}>
        <Select
          value={chosenKind}
          onChange={(next: TimerKind) => {
            setChosenKind(next);
            if (text.trim()) write(next, text);
          }}
          options={TIMER_KINDS.map((k) => ({ value: k, label: t(`timerKind.${k}`) }))}
          data-testid="wfd-prop-timerKind"
        />
      </Form.Item>
      <Form.Item label={t(`field.${chosenKind}`)} extra={t(`hint.${chosenKind}`)} validateStatus={timerTextLooksValid(chosenKind, text) ? undefined : 'error'}>
        <CommitInput
          value={text}
          placeholder={{ timeDuration: 'PT2H', timeDate: '2026-12-31T18:00:00+08:00', timeCycle: 'R3/PT1H' }[chosenKind]}
          testId="wfd-prop-duration"
          onCommit={(v) => write(chosenKind, v)}
        />
      </Form.Item>
      {boundary && (
        <Checkbox
          checked={bo.cancelActivity !== false}
          onChange={(e) => bridge.update(element, { cancelActivity: e.target.checked })}
          data-testid="wfd-prop-cancelActivity"
        >
          {t('field.cancelActivity')}
        </Checkbox>
      )}
      {boundary && !leadsOn && (
        <Form.Item label={t('field.timerAction')} style={{ marginTop: 8 }}>
          <Select
            value={config.action}
            onChange={(action) => bridge.writeConfig(element, { ...config, action })}
            options={[
              { value: 'remind', label: t('timerAction.remind') },
              { value: 'approve', label: t('timerAction.approve') },
            ]}
            data-testid="wfd-prop-timerAction"
          />
        </Form.Item>
      )}
      {boundary && leadsOn && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="wfd-timer-flow-hint">
          {t(bo.cancelActivity === false ? 'hint.timerFork' : 'hint.timerFlow')}
        </Typography.Paragraph>
      )}
    </>
  );
}
