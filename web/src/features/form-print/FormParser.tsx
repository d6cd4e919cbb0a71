import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FORM_TYPE, formPermissions } from '@app/contracts';
import { formInstanceApi, formSchemeApi } from '../forms/api';
import { usePermission } from '../../lib/permission';
import { FormRenderer, type FormMode, type FormRendererHandle } from '../../components/form-renderer';
import { SystemFormHost } from './SystemFormHost';
import { SystemFormNotLoaded, type SystemFormHandle } from './system-forms';

export const FORM_MODES: readonly FormMode[] = ['add', 'edit', 'look'];

/** Mode from the address: add without a key; edit (or the asked edit / look) with one. */
export function fillMode(keyValue: string | null, asked: string | null): FormMode {
  if (!keyValue) return 'add';
  return asked === 'look' || asked === 'edit' ? asked : 'edit';
}

/** Where the parser goes next: the same form with another record and / or mode (absent key: a new record). */
export interface ParserTarget {
  keyValue?: string;
  mode?: FormMode;
}

export interface FormParserProps {
  formId: string;
  /** A stored version of the form (workflow instances keep theirs); absent: the current one. */
  versionId?: string;
  keyValue: string | null;
  mode: FormMode;
  /** Changes the address: after an add (the new key, edit mode), the mode links and 新建一条. */
  onNavigate(next: ParserTarget): void;
}

/**
 * The form parser (docs/form-publishing-design.md "/form-detail/index and /parser"): one stored form in add / edit /
 * look mode. A designed form (F_Type 0) is rendered by the form renderer and stored through the Form engine
 * (`/form-scheme/{id}/instance-form-list`, forms.scheme.data); a system form (1) or an address-based form (2) is
 * mounted by SystemFormHost and saves itself. Used by /parser, the system-form route and 填写表单.
 */
export function FormParser({ formId, versionId, keyValue, mode, onNavigate }: FormParserProps) {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canSaveData = usePermission(formPermissions.formData);
  const renderer = useRef<FormRendererHandle>(null);
  const host = useRef<SystemFormHandle>(null);
  const [saving, setSaving] = useState(false);

  // silent: the failure is shown in the page (the server's msg) instead of a toast that disappears.
  const info = useQuery({
    queryKey: versionId ? ['form-scheme-version', versionId] : ['form-scheme-info', formId],
    queryFn: () => (versionId ? formSchemeApi.version(versionId) : formSchemeApi.info(formId, true)),
    enabled: !!formId,
  });
  const form = info.data;
  const designed = form ? form.F_Type === FORM_TYPE.designed : false;
  const hasTables = form?.F_HasTables ?? false;
  // A designed or address-based form is stored by the Form engine (data key); a system form by its own API.
  const canSave = form?.F_Type === FORM_TYPE.system || canSaveData;
  const recordKey = ['form-instance', formId, keyValue, versionId ?? ''] as const;
  const record = useQuery({
    queryKey: recordKey,
    queryFn: () => formInstanceApi.get(formId, keyValue!, versionId),
    enabled: designed && !!keyValue && hasTables,
  });

  const saveDesigned = async () => {
    const handle = renderer.current;
    if (!handle) return;
    // The renderer shows its own messages on refusal; nothing is sent then.
    const formData = await handle.validate().catch(() => null);
    if (!formData) return;
    if (keyValue) {
      await formInstanceApi.update(formId, keyValue, formData, versionId);
      void message.success(t('common:updated'));
      await qc.invalidateQueries({ queryKey: recordKey });
      return;
    }
    const saved = await formInstanceApi.add(formId, formData, versionId);
    void message.success(t('common:added'));
    // Seed the cache with what was sent so the edit view does not flash empty while it re-reads.
    const savedKey = ['form-instance', formId, saved.primaryKey, versionId ?? ''];
    qc.setQueryData(savedKey, { primaryKey: saved.primaryKey, formData });
    await qc.invalidateQueries({ queryKey: savedKey });
    onNavigate({ keyValue: saved.primaryKey, mode: 'edit' });
  };

  const saveSystem = async () => {
    // The form shows its own refusals and the api client the server's; only '系统表单未加载完' needs saying here.
    const key = await host.current!.save().catch((err: unknown) => {
      if (err instanceof SystemFormNotLoaded) void message.error(err.message);
      return null;
    });
    if (!key) return;
    void message.success(t(keyValue ? 'common:updated' : 'common:added'));
    // A record read again shows what the form's API stored.
    await qc.invalidateQueries({ queryKey: ['system-form'] });
    await qc.invalidateQueries({ queryKey: ['form-address-record'] });
    if (!keyValue) onNavigate({ keyValue: key, mode: 'edit' });
  };

  const submit = async () => {
    setSaving(true);
    try {
      await (designed ? saveDesigned() : saveSystem());
    } finally {
      setSaving(false);
    }
  };

  if (!formId) return <Alert type="warning" showIcon title={t('missingId')} data-testid="form-fill-page" />;
  const error = info.error ?? record.error;
  const loading = info.isLoading || (designed && !!keyValue && hasTables && record.isLoading);
  const storable = designed ? hasTables && canSave : canSave;
  return (
    <Card
      size="small"
      data-testid="form-fill-page"
      title={
        form && (
          <Space>
            <Typography.Text strong>{form.F_Name}</Typography.Text>
            {designed && <Tag>{t('versionText', { version: form.F_Version })}</Tag>}
            <Tag color={mode === 'look' ? 'default' : 'blue'} data-testid="form-fill-mode">
              {t(mode === 'add' ? 'modeAdd' : mode === 'edit' ? 'modeEdit' : 'modeLook')}
            </Tag>
            {keyValue && <Typography.Text type="secondary">{t('record', { key: keyValue })}</Typography.Text>}
          </Space>
        )
      }
      extra={
        keyValue && (
          <Space size={0}>
            <Button type="link" size="small" disabled={mode === 'edit'} data-testid="form-mode-edit" onClick={() => onNavigate({ keyValue, mode: 'edit' })}>
              {t('modeEdit')}
            </Button>
            <Button type="link" size="small" disabled={mode === 'look'} data-testid="form-mode-look" onClick={() => onNavigate({ keyValue, mode: 'look' })}>
              {t('modeLook')}
            </Button>
            {storable && (
              <Button type="link" size="small" data-testid="form-mode-add" onClick={() => onNavigate({})}>
                {t('newRecord')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {error ? (
        <Alert type="error" showIcon title={error.message} data-testid="form-fill-error" />
      ) : loading || !form ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          {designed && !hasTables && <Alert type="info" showIcon title={t('noTables')} data-testid="form-no-tables" style={{ marginBottom: 12 }} />}
          {designed ? (
            <FormRenderer
              // A new record, another record or another mode starts from the stored values again.
              key={`${form.F_SchemeId}:${keyValue ?? ''}:${mode}`}
              ref={renderer}
              scheme={form.F_Scheme}
              mode={mode}
              source={{ schemeId: formId, versionId: form.F_SchemeId }}
              initialValues={record.data?.formData}
            />
          ) : (
            <SystemFormHost key={`${keyValue ?? ''}:${mode}`} ref={host} form={form} keyValue={keyValue ?? undefined} mode={mode} />
          )}
          {mode !== 'look' && (
            <Flex justify="center" gap={8} style={{ marginTop: 16 }}>
              {storable && (
                <Button type="primary" loading={saving} data-testid="form-submit" onClick={() => void submit().catch(() => undefined)}>
                  {t('submit')}
                </Button>
              )}
              {designed && (
                <Button data-testid="form-reset" onClick={() => renderer.current?.reset()}>
                  {t('reset')}
                </Button>
              )}
            </Flex>
          )}
        </>
      )}
    </Card>
  );
}
