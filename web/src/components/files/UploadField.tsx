import { useRef, useState, type ChangeEvent } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPLOAD_LIMIT_MB, sizeUnits, type AnnexFile, type SizeUnit, type UploadPurpose } from '@app/contracts';
import { annexApi } from './api';
import { AttachmentList } from './AttachmentList';
import { uploadFiles, type FormFieldRef } from './upload-request';

export interface UploadFieldProps {
  /** The attachment folder id (spec F_FolderId); undefined until the first upload makes one. */
  value?: string | null;
  onChange?: (folderId: string | undefined) => void;
  /** Comma-separated extensions (".png,.jpg") or mime patterns ("image/*"). */
  accept?: string;
  multiple?: boolean;
  limit?: number;
  unit?: SizeUnit;
  purpose?: UploadPurpose;
  /** A saved form's upload field: the server applies the size and types stored with it. */
  formField?: FormFieldRef;
  disabled?: boolean;
  /** Most files the folder may hold. */
  maxCount?: number;
  testId?: string;
}

export const annexFilesKey = (folderId: string) => ['annexes-files', folderId] as const;

/** Same rule as the server: an extension in the list, or a mime pattern matching the browser's type. */
export function acceptsFile(file: File, accept: string | undefined): boolean {
  const rules = (accept ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/**
 * Spec 5/7 upload control for forms: the value is the attachment folder id, the folder's files are listed below.
 * Checks size and type first so a refusal needs no round trip; the server checks again.
 */
export function UploadField({
  value,
  onChange,
  accept,
  multiple,
  limit = DEFAULT_UPLOAD_LIMIT_MB,
  unit = 'MB',
  purpose = 'form',
  formField,
  disabled,
  maxCount,
  testId = 'upload-field',
}: UploadFieldProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const folderId = value || undefined;

  const list = useQuery({
    queryKey: annexFilesKey(folderId ?? ''),
    queryFn: () => annexApi.files(folderId ?? ''),
    enabled: !!folderId,
  });
  const files = folderId ? (list.data ?? []) : [];

  const pick = () => {
    if (disabled) {
      void message.error(t('noUploadPermission'));
      return;
    }
    input.current?.click();
  };

  const send = async (chosen: File[]) => {
    if (disabled) {
      void message.error(t('noUploadPermission'));
      return;
    }
    if (chosen.length === 0) return;
    if (maxCount !== undefined && files.length + chosen.length > maxCount) {
      void message.error(t('tooMany', { count: maxCount }));
      return;
    }
    const cap = limit * sizeUnits[unit];
    for (const f of chosen) {
      if (!acceptsFile(f, accept)) {
        void message.error(t('typeNotAllowed', { accept }));
        return;
      }
      if (f.size > cap) {
        void message.error(t('tooLarge', { limit, unit }));
        return;
      }
    }
    setPercent(0);
    try {
      const result = await uploadFiles(chosen, { folderId, purpose, limit, unit, accept, formField, multiple: chosen.length > 1, onProgress: setPercent });
      // Seed the list so the new files show at once; the refetch brings anything another tab added.
      qc.setQueryData<AnnexFile[]>(annexFilesKey(result.FolderId), (old) => [
        ...(old ?? []),
        ...result.Files.filter((f) => !old?.some((o) => o.F_Id === f.F_Id)),
      ]);
      void qc.invalidateQueries({ queryKey: annexFilesKey(result.FolderId) });
      if (result.FolderId !== folderId) onChange?.(result.FolderId);
      void message.success(t('uploadSuccess'));
    } catch (err) {
      void message.error(err instanceof Error && err.message ? err.message : t('uploadFailed'));
    } finally {
      setPercent(null);
    }
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    // Cleared so choosing the same file again fires change again.
    e.target.value = '';
    void send(chosen);
  };

  const remove = async (file: AnnexFile) => {
    if (disabled) {
      void message.error(t('noDeletePermission'));
      return;
    }
    try {
      await annexApi.remove(file.F_Id);
    } catch {
      void message.error(t('deleteFailed'));
      return;
    }
    void message.success(t('deleteSuccess'));
    if (folderId) {
      qc.setQueryData<AnnexFile[]>(annexFilesKey(folderId), (old) => old?.filter((f) => f.F_Id !== file.F_Id));
      void qc.invalidateQueries({ queryKey: annexFilesKey(folderId) });
    }
  };

  const tip = accept ? t('tip', { limit, unit, accept }) : t('tipAnyType', { limit, unit });
  return (
    <div data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Space wrap>
        <Button icon={<UploadOutlined />} onClick={pick} loading={percent !== null} aria-disabled={disabled || undefined} data-testid={`${testId}-button`}>
          {percent !== null ? t('uploading', { percent }) : t('upload')}
        </Button>
        <Typography.Text type="secondary" data-testid={`${testId}-tip`}>
          {tip}
        </Typography.Text>
      </Space>
      <input ref={input} type="file" style={{ display: 'none' }} accept={accept} multiple={multiple} onChange={onInput} data-testid={`${testId}-input`} />
      {folderId && (
        <AttachmentList
          files={files}
          loading={list.isLoading}
          onDelete={(f) => void remove(f)}
          deleteRefusal={disabled ? t('noDeletePermission') : undefined}
          testId={`${testId}-list`}
        />
      )}
    </div>
  );
}
