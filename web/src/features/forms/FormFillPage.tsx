import { useRef } from 'react';
import { Alert, App, Button, Card, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormDataRecord, FormSchemeDetail } from '@app/contracts';
import { api } from '../../lib/api';
import { usePermission } from '../../lib/permission';
import { FormRenderer, type FormMode, type FormRendererHandle } from '../../components/form-renderer';
import { formPermissions as P } from './permissions';

const MODES: FormMode[] = ['add', 'edit', 'look'];

/** Mode from the address: add without a key; edit (or the asked edit / look) with one. */
export function fillMode(keyValue: string | null, asked: string | null): FormMode {
  if (!keyValue) return 'add';
  return asked === 'look' || asked === 'edit' ? asked : 'edit';
}

/**
 * 填写表单: one designed form in add / edit / look mode over its own tables
 * (`?id=<formId>&keyValue=<primaryKey>&mode=add|edit|look`). After an add the address carries the new key, so a
 * reload or a copied link reopens the stored record.
 */
export default function FormFillPage() {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const keyValue = params.get('keyValue');
  const mode = fillMode(keyValue, MODES.includes(params.get('mode') as FormMode) ? params.get('mode') : null);
  const canSave = usePermission(P.data);
  const renderer = useRef<FormRendererHandle>(null);

  // silent: the failure is shown in the page (the server's msg) instead of a toast that disappears.
  const info = useQuery({
    queryKey: ['form-scheme-info', id],
    queryFn: () => api.get<FormSchemeDetail>(`/form-scheme/${id}/info`, undefined, { silent: true }),
    enabled: !!id,
  });
  const hasTables = info.data?.F_HasTables ?? false;
  const recordKey = ['form-instance', id, keyValue] as const;
  const record = useQuery({
    queryKey: recordKey,
    queryFn: () => api.get<FormDataRecord>(`/form-scheme/${id}/instance-form-list/${encodeURIComponent(keyValue!)}`, undefined, { silent: true }),
    enabled: !!id && !!keyValue && hasTables,
  });

  const go = (next: { keyValue?: string; mode?: FormMode }) => {
    const q = new URLSearchParams({ id });
    if (next.keyValue) q.set('keyValue', next.keyValue);
    if (next.mode) q.set('mode', next.mode);
    // replace: switching mode or getting a key is the same screen, Back should leave the form.
    setParams(q, { replace: true });
  };

  const submit = async () => {
    const handle = renderer.current;
    if (!handle) return;
    // The renderer shows its own messages on refusal; nothing is sent then.
    const formData = await handle.validate().catch(() => null);
    if (!formData) return;
    if (keyValue) {
      await api.put(`/form-scheme/${id}/instance-form-list/${encodeURIComponent(keyValue)}`, { formData });
      void message.success(t('common:updated'));
      await qc.invalidateQueries({ queryKey: recordKey });
    } else {
      const saved = await api.post<{ primaryKey: string }>(`/form-scheme/${id}/instance-form-list`, { formData });
      void message.success(t('common:added'));
      // Seed the cache with what was sent so the edit view does not flash empty while it re-reads.
      qc.setQueryData(['form-instance', id, saved.primaryKey], { primaryKey: saved.primaryKey, formData });
      await qc.invalidateQueries({ queryKey: ['form-instance', id, saved.primaryKey] });
      go({ keyValue: saved.primaryKey, mode: 'edit' });
    }
  };

  if (!id) return <Alert type="warning" showIcon title={t('missingId')} data-testid="form-fill-page" />;
  const error = info.error ?? record.error;
  const loading = info.isLoading || (!!keyValue && hasTables && record.isLoading);
  return (
    <Card
      size="small"
      data-testid="form-fill-page"
      title={
        info.data && (
          <Space>
            <Typography.Text strong>{info.data.F_Name}</Typography.Text>
            <Tag>{t('versionText', { version: info.data.F_Version })}</Tag>
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
            <Button type="link" size="small" disabled={mode === 'edit'} data-testid="form-mode-edit" onClick={() => go({ keyValue, mode: 'edit' })}>
              {t('modeEdit')}
            </Button>
            <Button type="link" size="small" disabled={mode === 'look'} data-testid="form-mode-look" onClick={() => go({ keyValue, mode: 'look' })}>
              {t('modeLook')}
            </Button>
            {hasTables && canSave && (
              <Button type="link" size="small" data-testid="form-mode-add" onClick={() => go({})}>
                {t('newRecord')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {error ? (
        <Alert type="error" showIcon title={error.message} data-testid="form-fill-error" />
      ) : loading || !info.data ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          {!hasTables && <Alert type="info" showIcon title={t('noTables')} data-testid="form-no-tables" style={{ marginBottom: 12 }} />}
          <FormRenderer
            // A new record, another record or another mode starts from the stored values again.
            key={`${info.data.F_SchemeId}:${keyValue ?? ''}:${mode}`}
            ref={renderer}
            scheme={info.data.F_Scheme}
            mode={mode}
            source={{ schemeId: id, versionId: info.data.F_SchemeId }}
            initialValues={record.data?.formData}
          />
          {mode !== 'look' && (
            <Flex justify="center" gap={8} style={{ marginTop: 16 }}>
              {hasTables && canSave && (
                <Button type="primary" data-testid="form-submit" onClick={() => void submit().catch(() => undefined)}>
                  {t('submit')}
                </Button>
              )}
              <Button data-testid="form-reset" onClick={() => renderer.current?.reset()}>
                {t('reset')}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Card>
  );
}
