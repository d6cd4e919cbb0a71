import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WfSchemeInfo } from '@app/contracts';
import type { DesignerBridge } from './bridge';
import type { OpenXml } from './useDiagramOpener';
import type { SchemeFields } from './useSchemeFields';
import { newModelXml, processIdOf } from './wf-config';

interface SchemeOpeningDeps {
  bridge: DesignerBridge | null;
  id: string;
  isNew: boolean;
  /** A file imported from the scheme list (router state). */
  importXml: unknown;
  info: WfSchemeInfo | undefined;
  form: FormInstance<SchemeFields>;
  fill: (info: WfSchemeInfo) => void;
  openXml: OpenXml;
}

/**
 * What to open once the modeler is there: the scheme's XML, an imported file (scheme list), or the new model.
 * Each scheme opens once; the returned ref names the one opened (a saved new scheme takes it over).
 */
export function useSchemeOpening({ bridge, id, isNew, importXml, info, form, fill, openXml }: SchemeOpeningDeps) {
  const { t } = useTranslation('wfDesigner');
  const loadedRef = useRef<string | null>(null);

  useEffect(() => {
    if (!bridge) return;
    if (isNew) {
      if (loadedRef.current === 'new') return;
      loadedRef.current = 'new';
      form.setFieldsValue({ F_AuthType: 0 });
      if (typeof importXml === 'string') void openXml(importXml, true);
      else void openXml(newModelXml(processIdOf(`process_${Date.now().toString(36)}`), '', t('newModelTask')), false);
      return;
    }
    if (!info || loadedRef.current === id) return;
    loadedRef.current = id;
    fill(info);
    void openXml(info.xml, false);
  }, [bridge, fill, form, id, importXml, info, isNew, openXml, t]);

  return loadedRef;
}
