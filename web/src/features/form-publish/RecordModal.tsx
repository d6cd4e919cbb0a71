import { useRef, useState } from 'react';
import { Alert, App, Button, Flex, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormSchemeDetail } from '@app/contracts';
import { FormRenderer, type FormRendererHandle } from '../../components/form-renderer';
import { publishedApi } from './api';

/** What the record dialog shows: a new record, or a stored one to edit or look at. */
export type RecordTarget = { mode: 'add' } | { mode: 'edit' | 'look'; keyValue: string };

export interface RecordModalProps {
  relationId: string;
  form: FormSchemeDetail;
  target: RecordTarget | null;
  onClose(): void;
  /** After a store: the list reads again. */
  onSaved(): void;
}

/**
 * The form of a published page in a dialog: add (empty form, POST …/data), edit (GET …/data/{key}, then PUT) or
 * look (read-only). The renderer validates first and shows its own messages; the server validates again.
 */
export function RecordModal({ relationId, form, target, onClose, onSaved }: RecordModalProps) {
  const { t } = useTranslation('formPublish');
  const { message } = App.useApp();
  const renderer = useRef<FormRendererHandle>(null);
  const [saving, setSaving] = useState(false);
  const keyValue = target && target.mode !== 'add' ? target.keyValue : null;
  const record = useQuery({
    queryKey: ['published-record', relationId, keyValue],
    queryFn: () => publishedApi.get(relationId, keyValue!),
    enabled: !!keyValue,
    // Always the stored values: another user may have changed the record since it was last opened.
    gcTime: 0,
  });

  const save = async () => {
    const formData = await renderer.current?.validate().catch(() => null);
    if (!formData || !target) return;
    setSaving(true);
    try {
      if (target.mode === 'add') await publishedApi.add(relationId, formData);
      else await publishedApi.update(relationId, target.keyValue, formData);
      void message.success(t(target.mode === 'add' ? 'common:added' : 'common:updated'));
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const mode = target?.mode ?? 'add';
  const title = t(mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle');
  const footer =
    mode === 'look' ? (
      <Button onClick={onClose} data-testid="published-form-close">
        {t('close')}
      </Button>
    ) : (
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="published-form-ok">
          {t('common:ok')}
        </Button>
      </Flex>
    );
  return (
    <Modal open={!!target} title={title} width={900} onCancel={onClose} footer={footer} destroyOnHidden mask={{ closable: mode === 'look' }}>
      <div data-testid="published-form">
        {record.error ? (
          <Alert type="error" showIcon title={record.error.message} />
        ) : keyValue && !record.data ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : (
          target && (
            <FormRenderer
              key={`${mode}:${keyValue ?? ''}`}
              ref={renderer}
              scheme={form.F_Scheme}
              mode={mode}
              source={{ schemeId: form.F_Id, versionId: form.F_SchemeId }}
              initialValues={record.data?.formData}
            />
          )
        )}
      </div>
    </Modal>
  );
}
