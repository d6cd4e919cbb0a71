import { useRef, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileManagerItem } from '@app/contracts';
import type { PreviewableFile } from '../../components/files/FilePreviewModal';
import { uploadFiles } from '../../components/files/upload-request';
import { usePermission } from '../../lib/permission';
import { fileManagerPermissions as P } from './permissions';

export interface FilePermissions {
  add: boolean;
  edit: boolean;
  del: boolean;
}

export type Naming = { kind: 'add' } | { kind: 'rename'; item: FileManagerItem };

export function useFilePermissions(): FilePermissions {
  return { add: usePermission(P.filesAdd), edit: usePermission(P.filesEdit), del: usePermission(P.filesDelete) };
}

/** Which dialog is open, and on which item. */
export function useFileDialogs() {
  const [naming, setNaming] = useState<Naming | null>(null);
  const [moving, setMoving] = useState<FileManagerItem | null>(null);
  const [editing, setEditing] = useState<FileManagerItem | null>(null);
  const [preview, setPreview] = useState<PreviewableFile | null>(null);
  return { naming, setNaming, moving, setMoving, editing, setEditing, preview, setPreview };
}

export type FileDialogState = ReturnType<typeof useFileDialogs>;

/** Asks before a change (trash, restore, delete for ever, empty the trash), then runs it and reloads. */
export function useConfirmFileChange(refresh: () => Promise<unknown>) {
  const { t } = useTranslation('fileManager');
  const { message, modal } = App.useApp();
  return (title: string, content: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger, 'data-testid': 'fm-confirm-ok' } as { danger: boolean },
      onOk: async () => {
        await run();
        void message.success(done);
        await refresh();
      },
    });
}

export type ConfirmFileChange = ReturnType<typeof useConfirmFileChange>;

/** Uploads the files chosen in the hidden input into the current folder, with the progress in percent. */
export function useFileUpload(folderId: string | null, refresh: () => Promise<unknown>) {
  const { t } = useTranslation('fileManager');
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = async (files: File[]) => {
    if (!files.length) return;
    setProgress(0);
    try {
      await uploadFiles(files, { folderId, purpose: 'file-manager', onProgress: setProgress });
      void message.success(t('uploaded'));
      await refresh();
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  return { progress, fileInput, upload };
}
