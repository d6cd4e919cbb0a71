import { useState } from 'react';
import { App, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldRow, ReleaseResult, TableDesign } from '@app/contracts';
import { databaseDraftApi, databaseLinkApi } from './api';
import { useDeleteConfirm } from '../../components/crud';
import { errorMessage } from './shared';
import { fromDesign, partsOf, toDesign, type ColumnForm, type DesignForm, type ReleasedParts } from './table-design';

export interface DesignOutcome {
  ok: boolean;
  text: string;
}

/** The drafts and released tables of one link, offered by the designer's open list. */
export function useDesignSources(linkId: string) {
  const drafts = useQuery({ queryKey: ['design-drafts', linkId], queryFn: () => databaseDraftApi.list(linkId) });
  const tables = useQuery({
    queryKey: ['design-tables', linkId],
    queryFn: () => databaseLinkApi.tables(linkId),
  });
  return { drafts, tables };
}

/** The sentence shown after a release: what was created or added, or that nothing changed. */
function useReleaseText() {
  const { t } = useTranslation('data');
  return (r: ReleaseResult) => {
    if (r.created) return t('design.created', { name: r.F_TableName });
    const parts = [
      ...(r.addedColumns.length ? [t('design.addedColumns', { names: r.addedColumns.join(', ') })] : []),
      ...(r.addedIndexes.length ? [t('design.addedIndexes', { names: r.addedIndexes.join(', ') })] : []),
    ];
    return parts.length ? t('design.altered', { name: r.F_TableName, parts: parts.join(t('design.sep')) }) : t('design.unchanged', { name: r.F_TableName });
  };
}

/** Appends library fields as columns, skipping names the design already has. */
function appendFields(current: ColumnForm[], rows: FieldRow[]): ColumnForm[] {
  const have = new Set(current.map((c) => c.name?.toLowerCase()));
  const added = rows
    .filter((r) => !have.has(r.F_FieldName.toLowerCase()))
    .map((r): ColumnForm => ({
      name: r.F_FieldName,
      dataType: r.F_DataType,
      length: r.F_Length,
      nullable: r.F_Nullable,
      primaryKey: false,
      identity: false,
      defaultValue: r.F_DefaultValue,
      comment: r.F_Remark,
    }));
  return [...current, ...added];
}

/** The designer's form, what is already released, and its open / new / save-draft / release actions. */
export function useTableDesign(linkId: string) {
  const { t } = useTranslation('data');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DesignForm>();
  // What is already in the database: a release never changes it, so those rows are read-only here.
  const [released, setReleased] = useState<ReleasedParts | null>(null);
  const [outcome, setOutcome] = useState<DesignOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const { drafts, tables } = useDesignSources(linkId);
  const releaseText = useReleaseText();
  const confirmDelete = useDeleteConfirm();

  const load = (design: TableDesign, releasedParts: ReleasedParts | null) => {
    form.setFieldsValue(fromDesign(design));
    setReleased(releasedParts);
    setOutcome(null);
  };
  const releasedPartsOf = (name: string) =>
    databaseLinkApi.released(linkId, name).then(
      (r) => partsOf(r.F_Design),
      () => null,
    );
  const open = async (value: string) => {
    const [kind, name] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    try {
      if (kind === 'draft') {
        const draft = drafts.data?.find((d) => d.F_TableName === name);
        if (draft) load(draft.F_Design, await releasedPartsOf(name));
        return;
      }
      const table = await databaseLinkApi.released(linkId, name);
      load(table.F_Design, partsOf(table.F_Design));
    } catch (e) {
      setOutcome({ ok: false, text: errorMessage(e) });
    }
  };
  const startNew = () => {
    form.resetFields();
    setReleased(null);
    setOutcome(null);
  };
  const validDesign = async () => toDesign(await form.validateFields());
  const saveDraft = async () => {
    const design = await validDesign();
    setBusy(true);
    try {
      await databaseDraftApi.save(linkId, design);
      void message.success(t('design.draftSaved'));
      await drafts.refetch();
    } finally {
      setBusy(false);
    }
  };
  const release = async () => {
    const design = await validDesign();
    modal.confirm({
      title: t('design.releaseTitle', { name: design.tableName }),
      content: t('design.releaseConfirm'),
      okText: t('design.release'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'design-release-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const r = await databaseLinkApi.release(linkId, design);
          setOutcome({ ok: true, text: releaseText(r) });
          setReleased(partsOf(design));
          void message.success(t('design.released'));
          await Promise.all([tables.refetch(), drafts.refetch()]);
        } catch (e) {
          setOutcome({ ok: false, text: errorMessage(e) });
        }
      },
    });
  };
  const deleteDraft = (tableName: string) =>
    confirmDelete(
      t('design.draftName', { name: tableName }),
      () => databaseDraftApi.remove(linkId, tableName),
      () => drafts.refetch(),
    );
  const addFields = (rows: FieldRow[]) => form.setFieldValue('columns', appendFields(form.getFieldValue('columns') ?? [], rows));

  return {
    form,
    drafts,
    tables,
    released,
    outcome,
    clearOutcome: () => setOutcome(null),
    busy,
    open,
    startNew,
    saveDraft,
    release,
    deleteDraft,
    addFields,
  };
}
