import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileManagerItem } from '@app/contracts';
import type { RowAction } from '../../components/RowActions';
import { downloadFile } from '../../components/files/upload-request';
import { fileManagerApi } from './api';
import { isEditable } from './file-tree';
import type { ConfirmFileChange, FileDialogState, FilePermissions } from './useFileOperations';

const link = (key: string, label: string, onClick: () => void, danger = false, shown = true): RowAction => ({
  key,
  label,
  onClick,
  danger,
  hidden: !shown,
  testId: key,
  style: { paddingInline: 4 },
});

interface RowActionDeps {
  trashView: boolean;
  can: FilePermissions;
  confirm: ConfirmFileChange;
  dialogs: FileDialogState;
  openFolder: (id: string | null) => void;
}

/** The links of a row: restore and delete for ever in the trash; open, preview, download, edit, rename, move, delete elsewhere. */
export function useFileRowActions({ trashView, can, confirm, dialogs, openFolder }: RowActionDeps) {
  const { t } = useTranslation('fileManager');
  const { message } = App.useApp();
  const trashActions = (r: FileManagerItem): RowAction[] => [
    link(
      `fm-restore-${r.F_Id}`,
      t('restore'),
      () => confirm(t('restore'), t('restoreConfirm', { name: r.F_Name }), () => fileManagerApi.restore(r.F_Id), t('restored')),
      false,
      can.del,
    ),
    link(
      `fm-purge-${r.F_Id}`,
      t('deleteForever'),
      () => confirm(t('deleteForever'), t('deleteForeverConfirm', { name: r.F_Name }), () => fileManagerApi.removeForever(r.F_Id), t('deleted'), true),
      true,
      can.del,
    ),
  ];
  const fileActions = (r: FileManagerItem): RowAction[] => [
    link(`fm-open-${r.F_Id}`, t('open'), () => openFolder(r.F_Id), false, r.F_IsFolder),
    link(
      `fm-preview-${r.F_Id}`,
      t('preview'),
      () => dialogs.setPreview({ F_FileName: r.F_Name, url: r.url!, previewKind: r.previewKind ?? 'none', viewerUrl: r.viewerUrl }),
      false,
      !r.F_IsFolder,
    ),
    link(
      `fm-download-${r.F_Id}`,
      t('download'),
      () => void downloadFile(r.url!, r.F_Name).catch((err: Error) => void message.error(err.message)),
      false,
      !r.F_IsFolder,
    ),
    link(`fm-edit-${r.F_Id}`, t('edit'), () => dialogs.setEditing(r), false, can.edit && isEditable(r)),
    link(`fm-rename-${r.F_Id}`, t('rename'), () => dialogs.setNaming({ kind: 'rename', item: r }), false, can.edit),
    link(`fm-move-${r.F_Id}`, t('move'), () => dialogs.setMoving(r), false, can.edit),
    link(
      `fm-delete-${r.F_Id}`,
      t('delete'),
      () => confirm(t('delete'), t('trashConfirm', { name: r.F_Name }), () => fileManagerApi.trash(r.F_Id), t('trashed')),
      true,
      can.del,
    ),
  ];
  return (r: FileManagerItem): RowAction[] => (trashView ? trashActions(r) : fileActions(r));
}
