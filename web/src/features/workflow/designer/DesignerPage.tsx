import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { workflowSchemePermissions } from '@app/contracts';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { usePermission } from '../../../lib/permission';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { schemeApi, schemeKeys } from '../scheme/scheme-api';
import { DesignerBody } from './DesignerBody';
import { DesignerToolbar } from './DesignerToolbar';
import { IssueList } from './IssueList';
import { processRootOf } from './modeler';
import { SchemeHeader } from './SchemeHeader';
import { useBoundForms } from './useBoundForms';
import { useDiagramCheck } from './useDiagramCheck';
import { useDiagramFile } from './useDiagramFile';
import { useDiagramOpener } from './useDiagramOpener';
import { useModeler } from './useModeler';
import { usePanelLayout } from './usePanelLayout';
import { useSchemeFields } from './useSchemeFields';
import { useSchemeOpening } from './useSchemeOpening';
import { useSchemeSave } from './useSchemeSave';
import './designer.css';

/** The process designer (docs/workflow-screens.md "Designer"): /workflow/scheme/design/{id}, 'new' for a new scheme. */
export default function DesignerPage() {
  const id = useParams()['*'] || 'new';
  const isNew = id === 'new';
  const location = useLocation();
  const navigate = useNavigate();
  const canSave = usePermission(isNew ? workflowSchemePermissions.workflowSchemeAdd : workflowSchemePermissions.workflowSchemeEdit);
  const importXml = (location.state as { importXml?: unknown } | null)?.importXml;

  // Changes since the last open or save: diagram commands, the scheme fields, a file imported into the designer.
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const fields = useSchemeFields();
  const info = useQuery({ queryKey: schemeKeys.info(id), queryFn: () => schemeApi.info(id), enabled: !isNew });

  const { containerRef, modelerRef, bridge, selected, setSelected, refresh } = useModeler(setDirty);
  const { check, show, validateXml, selectElement } = useDiagramCheck(modelerRef);
  const openXml = useDiagramOpener({ modelerRef, containerRef, form: fields.form, show, validateXml, setSelected, refresh, setDirty });
  const loadedRef = useSchemeOpening({ bridge, id, isNew, importXml, info: info.data, form: fields.form, fill: fields.fill, openXml });
  const { designedForms, boundForms } = useBoundForms(fields.forms);
  const onSaved = () => {
    setDirty(false);
    unsaved.saved();
  };
  const { busy, onValidate, onSave } = useSchemeSave({ id, isNew, modelerRef, fields, validateXml, loadedRef, onSaved });
  const { fileRef, onExport, onImportFile } = useDiagramFile(modelerRef, fields.form, openXml);
  const { panelOpen, setPanelOpen, panelWidth, dragPanel } = usePanelLayout();

  const root = processRootOf(bridge?.root());

  return (
    <div className="wf-designer" data-testid="wfd-page">
      <Card size="small" styles={{ body: { padding: 8 } }}>
        <DesignerToolbar
          ready={!!bridge}
          canSave={canSave}
          busy={busy}
          info={isNew ? undefined : info.data}
          dirty={dirty}
          fileRef={fileRef}
          onBack={() => unsaved.leave(() => void navigate('/workflow/scheme/index'))}
          onValidate={() => void onValidate()}
          onSave={(publish) => void onSave(publish)}
          onExport={() => void onExport()}
          onImportFile={(file) => void onImportFile(file)}
        />
        <SchemeHeader isNew={isNew} fields={fields} designedForms={designedForms} bridge={bridge} root={root} setDirty={setDirty} />
      </Card>

      {check && <IssueList check={check} onSelect={selectElement} />}

      <DesignerBody
        containerRef={containerRef}
        bridge={bridge}
        panelElement={selected ?? root ?? null}
        boundForms={boundForms}
        panelOpen={panelOpen}
        panelWidth={panelWidth}
        onTogglePanel={() => setPanelOpen(!panelOpen)}
        onDragPanel={dragPanel}
        onSelectElement={selectElement}
      />
    </div>
  );
}
