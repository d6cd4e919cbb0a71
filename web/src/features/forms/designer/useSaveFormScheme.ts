import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseScheme, type FormField, type FormSchemeBody } from '@app/contracts';
import { formSchemeApi } from '../api';
import { IDENTIFIER, bindTables, defaultSubTable, findField, generatedTableName, schemeProblem, subTables, type TableSettings } from './scheme-ops';
import type { DesignerDocument } from './useDesignerDocument';

export type DesignerSide = 'field' | 'form';

/** The first sub-table whose table name is not an identifier or repeats another, or null when all are fine. */
function badSubTable(data: readonly FormField[], main: string): FormField | null {
  const names = [main.toLowerCase()];
  for (const s of subTables(data)) {
    const name = (s.__config__.bindTable?.trim() || defaultSubTable(main, s)).toLowerCase();
    if (!IDENTIFIER.test(name) || names.includes(name)) return s;
    names.push(name);
  }
  return null;
}

/**
 * Saving the designed form: checks its name, tables and fields first, pointing at what is wrong (the side tab
 * to show, the field to select), then adds or updates it.
 */
export function useSaveFormScheme(doc: DesignerDocument, showSide: (side: DesignerSide) => void, onSaved: () => void) {
  const { t } = useTranslation('formDesigner');
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const { id, meta, dispatch } = doc;
  const scheme = doc.state.present;
  const pointAt = (formId: number) => {
    dispatch({ type: 'select', formId });
    showSide('field');
  };

  /** The table settings to save, or null when they are refused (the reason is shown). */
  const checkedTables = (): TableSettings | null => {
    let tables = doc.tables;
    // A main table left empty gets a generated name (shown in the form tab from now on).
    if (tables.enabled && !tables.main.trim()) {
      tables = { ...tables, main: generatedTableName(meta.F_Name) };
      doc.setTables(tables);
    }
    if (!tables.enabled) return tables;
    const main = tables.main.trim();
    if (!IDENTIFIER.test(main)) {
      showSide('form');
      void message.error(t('save.mainTable'));
      return null;
    }
    const bad = badSubTable(scheme.data, main);
    if (bad) {
      pointAt(bad.__config__.formId);
      void message.error(t('save.subTable', { label: bad.__config__.label }));
      return null;
    }
    return tables;
  };

  const save = async () => {
    doc.setSaveTried(true);
    if (!meta.F_Name.trim()) {
      showSide('form');
      return void message.error(t('save.nameRequired'));
    }
    if (!scheme.data.length) return void message.error(t('save.empty'));
    const tables = checkedTables();
    if (!tables) return;
    const problem = schemeProblem(scheme.data);
    if (problem) {
      pointAt(problem.formId);
      return void message.error(t(`save.${problem.problem}`, { ...problem, label: findField(scheme.data, problem.formId)?.field.__config__.label ?? '' }));
    }
    const bound = bindTables(scheme, tables, meta.F_Name.trim());
    const check = parseScheme(bound.scheme);
    if (!check.ok) return void message.error(t('schemeInvalid'));
    const body: FormSchemeBody = {
      F_Name: meta.F_Name.trim(),
      F_Type: meta.F_Type,
      F_Category: meta.F_Category.trim(),
      F_Url: meta.F_Url,
      F_Description: meta.F_Description,
      F_SortCode: meta.F_SortCode,
      F_Scheme: bound.scheme,
      ...(bound.tableInfo ? { tableInfo: bound.tableInfo } : {}),
    };
    setSaving(true);
    try {
      // Failures are toasted by the api client with the server's message.
      const saved = id ? await formSchemeApi.update(id, body) : await formSchemeApi.add(body);
      doc.markSaved(bound.scheme, { meta, tables });
      onSaved();
      void message.success(t('save.saved', { version: saved.F_Version }));
      doc.adoptSavedId(saved.F_Id);
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
