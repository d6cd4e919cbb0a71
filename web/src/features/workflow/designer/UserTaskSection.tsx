import { useState } from 'react';
import { Button, Checkbox, Divider, Form, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserTaskConfig } from '@app/contracts';
import { UserPicker } from '../../../components/pickers';
import { ButtonsEditor } from './ButtonsEditor';
import { CandidatesEditor } from './CandidatesEditor';
import { CirculateEditor } from './CirculateEditor';
import { CompletionEditor } from './CompletionEditor';
import { FormAuthorityEditor } from './FormAuthorityEditor';
import type { BoundForm, SectionProps } from './panel-section';
import { multiInstanceOf, readUserTask, rejectTargetOptions } from './wf-config';

/** An approval step: who approves, countersign, buttons and reject targets, options, circulation and field authority. */
export function UserTaskSection({ bridge, element, forms }: SectionProps & { forms: BoundForm[] }) {
  const { t } = useTranslation('wfDesigner');
  const bo = element.businessObject;
  const config = readUserTask(bo);
  const write = (patch: Partial<UserTaskConfig>) => bridge.writeConfig(element, { ...config, ...patch });
  const mi = multiInstanceOf(bo);
  const setMi = (mode: 'none' | 'parallel' | 'sequential') => {
    bridge.update(element, {
      loopCharacteristics: mode === 'none' ? undefined : bridge.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: mode === 'sequential' }),
    });
  };
  const check = (key: 'approverChoice' | 'print' | 'transfer' | 'signation' | 'needPassword' | 'signatureRequired') => (
    <Checkbox key={key} checked={config[key]} onChange={(e) => write({ [key]: e.target.checked })} data-testid={`wfd-prop-${key}`}>
      {t(`field.${key}`)}
    </Checkbox>
  );
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('section.candidates')}
      </Divider>
      <CandidatesEditor value={config.candidates} forms={forms} onChange={(candidates) => write({ candidates })} />
      <div style={{ margin: '8px 0' }}>{check('approverChoice')}</div>
      <Form.Item label={t('field.whenNoCandidate')}>
        <Select
          value={config.whenNoCandidate}
          onChange={(v) => write({ whenNoCandidate: v })}
          options={[
            { value: 'refuse', label: t('whenNoCandidate.refuse') },
            { value: 'skip', label: t('whenNoCandidate.skip') },
            { value: 'admin', label: t('whenNoCandidate.admin') },
          ]}
          data-testid="wfd-prop-whenNoCandidate"
        />
      </Form.Item>
      {config.whenNoCandidate === 'admin' && (
        <FallbackUsers
          ids={config.fallbackUsers}
          names={config.fallbackNames}
          onChange={(fallbackUsers, fallbackNames) => write({ fallbackUsers, fallbackNames })}
        />
      )}
      <Divider titlePlacement="start" plain>
        {t('section.countersign')}
      </Divider>
      <Form.Item label={t('field.multiInstance')}>
        <Select
          value={mi}
          onChange={setMi}
          options={(['none', 'parallel', 'sequential'] as const).map((v) => ({ value: v, label: t(`multiInstance.${v}`) }))}
          data-testid="wfd-prop-multiInstance"
        />
      </Form.Item>
      {mi !== 'none' && <CompletionEditor of="countersign" value={config} onChange={write} />}
      <Divider titlePlacement="start" plain>
        {t('section.buttons')}
      </Divider>
      <ButtonsEditor value={config.buttons} onChange={(buttons) => write({ buttons })} />
      <Form.Item label={t('field.rejectTargets')} extra={t('hint.rejectTargets')} style={{ marginTop: 8 }}>
        <Select
          mode="multiple"
          allowClear
          value={config.rejectTargets}
          onChange={(rejectTargets) => write({ rejectTargets })}
          options={rejectTargetOptions(bridge.nodes(), bo.id ?? '')}
          data-testid="wfd-prop-rejectTargets"
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 8 }}>
        {check('print')}
        {check('transfer')}
        {check('signation')}
        {check('needPassword')}
        {check('signatureRequired')}
      </Space>
      <Divider titlePlacement="start" plain>
        {t('section.circulate')}
      </Divider>
      <CirculateEditor value={config.circulate} onChange={(circulate) => write({ circulate })} />
      <Divider titlePlacement="start" plain>
        {t('section.formAuthority')}
      </Divider>
      <FormAuthorityEditor config={config} forms={forms} onChange={(next) => write(next)} />
    </>
  );
}

/** whenNoCandidate 'admin': the users the task goes to when nobody matches, chosen with the user picker. */
function FallbackUsers({ ids, names, onChange }: { ids: string[]; names?: string[]; onChange: (ids: string[], names: string[]) => void }) {
  const { t } = useTranslation('wfDesigner');
  const [open, setOpen] = useState(false);
  return (
    <Form.Item label={t('field.fallbackUsers')} extra={t('hint.fallbackUsers')}>
      <Space wrap data-testid="wfd-prop-fallbackUsers">
        <Button onClick={() => setOpen(true)} data-testid="wfd-prop-fallbackUsers-pick">
          {t('action.pick')}
        </Button>
        {ids.map((id, k) => (
          <Tag key={id}>{names?.[k] ?? id}</Tag>
        ))}
      </Space>
      <UserPicker
        open={open}
        value={ids}
        onCancel={() => setOpen(false)}
        onOk={(_, users) => {
          setOpen(false);
          onChange(
            users.map((u) => u.F_UserId),
            users.map((u) => u.F_RealName),
          );
        }}
      />
    </Form.Item>
  );
}
