import type { RefObject } from 'react';
import { Button, Space, Tag } from 'antd';
import { CheckCircleOutlined, ExportOutlined, ImportOutlined, LeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WfSchemeInfo } from '@app/contracts';

interface DesignerToolbarProps {
  /** The modeler is there (every diagram action waits for it). */
  ready: boolean;
  canSave: boolean;
  busy: 'validate' | 'save' | 'publish' | null;
  /** The stored scheme (its version tag); none for a new one. */
  info: WfSchemeInfo | undefined;
  dirty: boolean;
  fileRef: RefObject<HTMLInputElement | null>;
  onBack: () => void;
  onValidate: () => void;
  onSave: (publish: boolean) => void;
  onExport: () => void;
  onImportFile: (file: File | undefined) => void;
}

/** The designer's buttons (back, validate, save, publish, import, export), the version and unsaved tags and the file input. */
export function DesignerToolbar({ ready, canSave, busy, info, dirty, fileRef, onBack, onValidate, onSave, onExport, onImportFile }: DesignerToolbarProps) {
  const { t } = useTranslation('wfDesigner');
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} onClick={onBack} data-testid="wfd-back">
          {t('action.back')}
        </Button>
        <Button icon={<CheckCircleOutlined />} loading={busy === 'validate'} onClick={onValidate} disabled={!ready} data-testid="wfd-validate">
          {t('action.validate')}
        </Button>
        {canSave && (
          <>
            <Button icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => onSave(false)} disabled={!ready || busy !== null} data-testid="wfd-save">
              {t('action.saveDraft')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy === 'publish'}
              onClick={() => onSave(true)}
              disabled={!ready || busy !== null}
              data-testid="wfd-publish"
            >
              {t('action.publish')}
            </Button>
          </>
        )}
        <Button icon={<ImportOutlined />} onClick={() => fileRef.current?.click()} disabled={!ready} data-testid="wfd-import">
          {t('action.import')}
        </Button>
        <Button icon={<ExportOutlined />} onClick={onExport} disabled={!ready} data-testid="wfd-export">
          {t('action.export')}
        </Button>
        {info && (
          <Tag
            data-testid="wfd-version"
            data-state={info.F_State}
            color={info.F_State === 'published' ? 'green' : info.F_State === 'changed' ? 'orange' : undefined}
          >
            {t(`versionState.${info.F_State}`, { version: info.F_State === 'changed' ? info.F_DraftVersion : info.F_Version })}
          </Tag>
        )}
        {dirty && (
          <Tag color="orange" data-testid="wfd-dirty">
            {t('unsaved')}
          </Tag>
        )}
      </Space>
      <input
        ref={fileRef}
        type="file"
        accept=".bpmn,.xml,application/xml,text/xml"
        style={{ display: 'none' }}
        onChange={(e) => onImportFile(e.target.files?.[0])}
        data-testid="wfd-import-file"
      />
    </>
  );
}
