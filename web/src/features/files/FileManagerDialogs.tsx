import type { FolderTreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { FilePreviewModal } from '../../components/files/FilePreviewModal';
import { fileManagerApi } from './api';
import { EditTextModal, MoveModal, NameModal } from './FileDialogs';
import type { FileDialogState, Naming } from './useFileOperations';

interface FileManagerDialogsProps {
  dialogs: FileDialogState;
  tree: FolderTreeNode[];
  folderId: string | null;
  refresh: () => Promise<unknown>;
}

/** The new-folder / rename, move, text edit and preview dialogs of the file manager. */
export function FileManagerDialogs({ dialogs, tree, folderId, refresh }: FileManagerDialogsProps) {
  const { naming, setNaming, moving, setMoving, editing, setEditing, preview, setPreview } = dialogs;
  const nameState = useNameDialogState(naming);
  return (
    <>
      {/* Keyed by what it edits: a fresh form per opening, so the last dialog's values never leak into the next. */}
      <NameModal
        key={naming ? (naming.kind === 'add' ? 'add' : naming.item.F_Id) : 'closed'}
        state={nameState}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (naming?.kind === 'rename') await fileManagerApi.rename(naming.item.F_Id, name);
          else await fileManagerApi.addFolder({ F_ParentId: folderId, F_Name: name });
          await refresh();
        }}
      />
      <MoveModal key={moving?.F_Id ?? 'closed'} item={moving} tree={tree} onClose={() => setMoving(null)} onMoved={refresh} />
      {editing && <EditTextModal item={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** The name dialog's title, label and starting name: a new folder, or renaming an item (its extension kept). */
function useNameDialogState(naming: Naming | null) {
  const { t } = useTranslation('fileManager');
  if (naming?.kind === 'add') return { title: t('newFolder'), label: t('folderName'), name: '', editing: false };
  if (naming?.kind === 'rename')
    return {
      title: t('renameTitle', { name: naming.item.F_Name }),
      label: t('newName'),
      name: naming.item.F_Name,
      editing: true,
      extra: naming.item.F_FileExtensions ? t('renameExtensionTip', { ext: naming.item.F_FileExtensions }) : undefined,
    };
  return null;
}
