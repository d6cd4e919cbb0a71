import { type RefObject, useRef } from 'react';
import type { FormInstance } from 'antd';
import { saveBlob } from '../../../lib/api';
import { currentXml, type ModelerLike } from './modeler';
import type { OpenXml } from './useDiagramOpener';
import type { SchemeFields } from './useSchemeFields';

/** The toolbar's import (a BPMN file through the hidden file input) and export (the diagram as `{code}.bpmn`). */
export function useDiagramFile(modelerRef: RefObject<ModelerLike | null>, form: FormInstance<SchemeFields>, openXml: OpenXml) {
  const fileRef = useRef<HTMLInputElement>(null);

  const onExport = async () => {
    if (!modelerRef.current) return;
    const code = form.getFieldValue('F_Code') as string | undefined;
    saveBlob(new Blob([await currentXml(modelerRef.current)], { type: 'application/xml' }), `${code || 'process'}.bpmn`);
  };

  const onImportFile = async (file: File | undefined) => {
    if (!file) return;
    await openXml(await file.text(), true);
    // The same file may be chosen again.
    if (fileRef.current) fileRef.current.value = '';
  };

  return { fileRef, onExport, onImportFile };
}
