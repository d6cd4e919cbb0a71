import { Card, Grid, Progress, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileBreadcrumb } from './FileBreadcrumb';
import { FileManagerDialogs } from './FileManagerDialogs';
import { FileTable } from './FileTable';
import { FileToolbar } from './FileToolbar';
import { FolderSidebar } from './FolderSidebar';
import { useFileBrowser } from './useFileBrowser';
import { useConfirmFileChange, useFileDialogs, useFilePermissions, useFileUpload } from './useFileOperations';
import { useFileRowActions } from './useFileRowActions';

export default function FileManagerPage() {
  const { t } = useTranslation('fileManager');
  const { token } = theme.useToken();
  // On a phone the folders sit above the list: side by side, the list would be squeezed to a few characters.
  const narrow = Grid.useBreakpoint().md === false;
  const can = useFilePermissions();
  const browser = useFileBrowser();
  const dialogs = useFileDialogs();
  const confirm = useConfirmFileChange(browser.refresh);
  const { progress, fileInput, upload } = useFileUpload(browser.view.folderId, browser.refresh);
  const actions = useFileRowActions({ trashView: browser.trashView, can, confirm, dialogs, openFolder: browser.openFolder });

  return (
    <Card size="small" data-testid="file-manager-page" styles={{ body: { padding: 0 } }}>
      <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', minHeight: 'calc(100vh - 190px)' }}>
        <FolderSidebar browser={browser} narrow={narrow} />
        <main style={{ flex: 1, minWidth: 0, padding: 16 }}>
          <FileBreadcrumb browser={browser} />
          <FileToolbar
            browser={browser}
            can={can}
            confirm={confirm}
            uploading={progress !== null}
            onUpload={() => fileInput.current?.click()}
            onNewFolder={() => dialogs.setNaming({ kind: 'add' })}
          />
          <input
            ref={fileInput}
            type="file"
            multiple
            style={{ display: 'none' }}
            data-testid="fm-file-input"
            onChange={(e) => void upload(Array.from(e.target.files ?? []))}
          />
          {progress !== null && (
            <div data-testid="fm-upload-progress" style={{ marginBottom: 12 }}>
              <span style={{ color: token.colorTextSecondary }}>{t('uploading', { percent: progress })}</span>
              <Progress percent={progress} size="small" status="active" />
            </div>
          )}
          <FileTable browser={browser} actions={actions} />
        </main>
      </div>
      <FileManagerDialogs dialogs={dialogs} tree={browser.tree} folderId={browser.view.folderId} refresh={browser.refresh} />
    </Card>
  );
}
