import { Button, Input, Tooltip } from 'antd';
import { ArrowLeftOutlined, ClearOutlined, CloudUploadOutlined, DeleteOutlined, FolderAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fileManagerApi } from './api';
import type { FileBrowser } from './useFileBrowser';
import type { ConfirmFileChange, FilePermissions } from './useFileOperations';

interface FileToolbarProps {
  browser: FileBrowser;
  can: FilePermissions;
  confirm: ConfirmFileChange;
  uploading: boolean;
  onUpload: () => void;
  onNewFolder: () => void;
}

/** Upload, new folder and trash (or, in the trash, back and empty it), refresh, and the search box. */
export function FileToolbar({ browser, can, confirm, uploading, onUpload, onNewFolder }: FileToolbarProps) {
  const { t } = useTranslation('fileManager');
  const { view, trashView, list, searchText, setSearchText, refresh, go, openFolder, openTrash } = browser;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
      {trashView ? (
        <>
          <Button icon={<ArrowLeftOutlined />} onClick={() => openFolder(null)} data-testid="fm-back">
            {t('backToFiles')}
          </Button>
          {can.del && (
            <Button
              danger
              icon={<ClearOutlined />}
              disabled={!list.data?.Total}
              data-testid="fm-empty-trash"
              onClick={() => confirm(t('emptyTrash'), t('emptyTrashConfirm'), () => fileManagerApi.emptyTrash(), t('trashEmptied'), true)}
            >
              {t('emptyTrash')}
            </Button>
          )}
        </>
      ) : (
        <>
          {can.add && (
            <Button type="primary" icon={<CloudUploadOutlined />} loading={uploading} onClick={onUpload} data-testid="fm-upload">
              {t('upload')}
            </Button>
          )}
          {can.add && (
            <Button icon={<FolderAddOutlined />} onClick={onNewFolder} data-testid="fm-new-folder">
              {t('newFolder')}
            </Button>
          )}
          <Button icon={<DeleteOutlined />} onClick={openTrash} data-testid="fm-trash">
            {t('trash')}
          </Button>
        </>
      )}
      <Tooltip title={t('common:refresh')}>
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="fm-refresh" aria-label={t('common:refresh')} />
      </Tooltip>
      <div style={{ flex: 1 }} />
      {!trashView && (
        <Input.Search
          allowClear
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(v) => {
            const keyword = v.trim();
            if (keyword) go({ mode: 'search', keyword, folderId: view.folderId });
            else openFolder(view.folderId);
          }}
          placeholder={t('searchPlaceholder')}
          style={{ width: 260 }}
          data-testid="fm-search"
        />
      )}
    </div>
  );
}
