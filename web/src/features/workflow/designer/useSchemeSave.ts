import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WfValidateResult } from '@app/contracts';
import { ApiError } from '../../../lib/api';
import { closeTab } from '../../../app/shell/tabs';
import { SCHEME_LIST_KEY, schemeApi, schemeKeys } from '../scheme/scheme-api';
import { currentXml, type ModelerLike } from './modeler';
import type { SchemeFieldsState } from './useSchemeFields';
import { checkGroups } from './wf-config';

interface SchemeSaveDeps {
  id: string;
  isNew: boolean;
  modelerRef: RefObject<ModelerLike | null>;
  fields: SchemeFieldsState;
  validateXml: (xml: string) => Promise<WfValidateResult>;
  /** The scheme opened (a saved new scheme takes it over so it is not opened again). */
  loadedRef: RefObject<string | null>;
  /** Called once the server kept the scheme: the page is clean again. */
  onSaved: () => void;
}

/** The toolbar's validate, save (draft) and publish, and which of them runs. */
export function useSchemeSave({ id, isNew, modelerRef, fields, validateXml, loadedRef, onSaved }: SchemeSaveDeps) {
  const { t } = useTranslation('wfDesigner');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'validate' | 'save' | 'publish' | null>(null);

  const onValidate = async () => {
    if (!modelerRef.current) return;
    setBusy('validate');
    try {
      const { errors, warnings } = checkGroups(await validateXml(await currentXml(modelerRef.current)));
      if (errors.length > 0) message.warning(t('message.hasIssues', { count: errors.length, warnings: warnings.length }));
      else if (warnings.length > 0) message.success(t('message.validWithWarnings', { warnings: warnings.length }));
      else message.success(t('message.valid'));
    } finally {
      setBusy(null);
    }
  };

  /**
   * 保存 keeps the design as a draft (launches go on using the published version; the server lets a draft miss its
   * approvers); 发布 makes it the one launches use, so its errors stop it here first.
   */
  const onSave = async (publish: boolean) => {
    const modeler = modelerRef.current;
    if (!modeler) return;
    const values = await fields.form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(publish ? 'publish' : 'save');
    try {
      const xml = await currentXml(modeler);
      // Only errors stop a publication; warnings (harmless XML problems…) are saved with the version.
      const { errors, warnings } = checkGroups(await validateXml(xml));
      if (publish && errors.length > 0) {
        message.error(t('message.hasIssues', { count: errors.length, warnings: warnings.length }));
        return;
      }
      const body = fields.saveBody(values, xml, publish);
      try {
        const saved = isNew ? await schemeApi.add(body) : await schemeApi.update(id, { ...body, F_Icon: undefined, F_Sort: undefined });
        message.success(t(publish ? 'message.published' : 'message.savedDraft', { version: saved.F_Version }));
        onSaved();
        void queryClient.invalidateQueries({ queryKey: schemeKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['list', SCHEME_LIST_KEY] });
        if (isNew) {
          loadedRef.current = saved.F_Id;
          // The saved scheme takes the place of the 'new' tab.
          closeTab('/workflow/scheme/design/new', '');
          void navigate(`/workflow/scheme/design/${saved.F_Id}`, { replace: true });
        }
      } catch (e) {
        // A 400 names the definition's problems: show them on the diagram.
        if (e instanceof ApiError && e.status === 400) await validateXml(xml).catch(() => undefined);
      }
    } finally {
      setBusy(null);
    }
  };

  return { busy, onValidate, onSave };
}
