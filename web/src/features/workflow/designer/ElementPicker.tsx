import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignerBridge, DiagramElement } from './bridge';

/** Every element of the diagram as a select option "name (id)" / "source → target (id)". */
function elementOptions(bridge: DesignerBridge, processLabel: string): { value: string; label: string }[] {
  const root = bridge.root();
  const label = (e: DiagramElement | undefined) => (e ? e.businessObject.name || e.id : '?');
  return bridge
    .all()
    .filter((e) => !!e.businessObject && e.type !== 'label')
    .map((e) => ({
      value: e.id,
      label:
        e === root
          ? `${processLabel} (${e.id})`
          : e.type === 'bpmn:SequenceFlow'
            ? `${label(e.source)} → ${label(e.target)} (${e.id})`
            : `${label(e)} (${e.id})`,
    }));
}

/** Finds an element of the diagram by name or id; the options are built only while the list is open. */
export function ElementPicker({ bridge, onSelect }: { bridge: DesignerBridge; onSelect: (elementId: string) => void }) {
  const { t } = useTranslation('wfDesigner');
  const [open, setOpen] = useState(false);
  return (
    <Select
      showSearch
      size="small"
      style={{ width: 'calc(100% - 36px)', marginBottom: 8 }}
      placeholder={t('field.findElement')}
      value={null}
      open={open}
      onOpenChange={setOpen}
      options={open ? elementOptions(bridge, t('process')) : []}
      optionFilterProp="label"
      onChange={(eid: string) => onSelect(eid)}
      data-testid="wfd-element-picker"
    />
  );
}
