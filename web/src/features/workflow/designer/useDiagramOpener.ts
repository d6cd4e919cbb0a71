import { type RefObject, useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WfValidateResult } from '@app/contracts';
import { schemeApi } from '../scheme/scheme-api';
import type { DiagramElement } from './bridge';
import { fitBesidePalette, type Canvas, type ElementRegistry, type ModelerLike } from './modeler';
import type { SchemeFields } from './useSchemeFields';
import { missingDiagram, poolProcesses } from './wf-config';

interface DiagramOpenerDeps {
  modelerRef: RefObject<ModelerLike | null>;
  containerRef: RefObject<HTMLDivElement | null>;
  form: FormInstance<SchemeFields>;
  show: (result: WfValidateResult | null) => void;
  validateXml: (xml: string) => Promise<WfValidateResult>;
  setSelected: (element: DiagramElement | null) => void;
  refresh: () => void;
  setDirty: (dirty: boolean) => void;
}

/** Imports a document into the modeler; null when it opened, else why not. */
function importInto(modeler: ModelerLike, text: string): Promise<unknown> {
  return modeler.importXML(text).then(
    () => null,
    (e: unknown) => e,
  );
}

/** An imported drawing names an empty scheme: code from the process id, name from the process name. */
function nameFromProcess(modeler: ModelerLike, form: FormInstance<SchemeFields>): void {
  // Of a collaboration: the process that runs, else its first pool's.
  const root = modeler.get<Canvas>('canvas').getRootElement().businessObject;
  const pools = poolProcesses(root);
  const process = pools.processes.find((p) => p.id === pools.running) ?? pools.processes[0] ?? root;
  if (!form.getFieldValue('F_Code') && process?.id && /^[A-Za-z0-9_.-]+$/.test(process.id)) form.setFieldValue('F_Code', process.id.slice(0, 50));
  if (!form.getFieldValue('F_Name') && process?.name) form.setFieldValue('F_Name', process.name.slice(0, 100));
}

/**
 * Opens a BPMN document on the canvas. `imported` says it came from a file (not saved yet: the page is dirty, an
 * empty scheme takes its names and the document is validated at once); a stored scheme or the new model is not.
 */
export function useDiagramOpener({ modelerRef, containerRef, form, show, validateXml, setSelected, refresh, setDirty }: DiagramOpenerDeps) {
  const { t } = useTranslation('wfDesigner');
  const { message } = App.useApp();

  return useCallback(
    async (xml: string, imported: boolean) => {
      const modeler = modelerRef.current;
      if (!modeler) return;
      show(null);
      const started = performance.now();
      const registry = modeler.get<ElementRegistry>('elementRegistry');
      // A file without diagram data (or with shapes missing) would show an empty or partial canvas while the
      // validation marks elements nobody can see: it is opened with the server's automatic layout, the same a
      // save stores (server/src/modules/workflow-scheme/layout.ts).
      let opened = xml;
      let failure = await importInto(modeler, xml);
      if (failure || missingDiagram(modeler.getDefinitions(), (eid) => !!registry.get(eid))) {
        const laid = await schemeApi.layout(xml).catch(() => null);
        if (laid?.laidOut) {
          const laidFailure = await importInto(modeler, laid.xml);
          if (!laidFailure) {
            opened = laid.xml;
            failure = null;
            message.info(t('message.laidOut'));
          } else if (!failure) await importInto(modeler, xml); // back to the file as it came
        }
      }
      if (failure) {
        message.error(t('message.importFailed', { detail: failure instanceof Error ? failure.message : String(failure) }));
        return;
      }
      fitBesidePalette(modeler.get<Canvas>('canvas'));
      // How long the last import took (read by the e2e test: a 100-node process must open in under 1 s).
      if (containerRef.current) containerRef.current.dataset.importMs = String(Math.round(performance.now() - started));
      setSelected(null);
      refresh();
      setDirty(imported);
      if (imported) {
        nameFromProcess(modeler, form);
        await validateXml(opened).catch(() => undefined);
      }
    },
    [containerRef, form, message, modelerRef, refresh, setDirty, setSelected, show, t, validateXml],
  );
}

export type OpenXml = ReturnType<typeof useDiagramOpener>;
