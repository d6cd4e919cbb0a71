import type { Dispatch } from 'react';
import { App, Button, Divider, Space, Tooltip } from 'antd';
import {
  ClearOutlined,
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerDialog } from './DesignerDialogs';
import type { DesignerAction, DesignerState } from './state';

interface DesignerToolbarProps {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  saving: boolean;
  onSave: () => void;
  onDialog: (dialog: DesignerDialog) => void;
}

/** Undo / redo, copy / delete the selected field, clear, preview, JSON, import and save. */
export function DesignerToolbar({ state, dispatch, saving, onSave, onDialog }: DesignerToolbarProps) {
  const { t } = useTranslation('formDesigner');
  const { modal } = App.useApp();
  const scheme = state.present;
  const sel = state.selectedId;
  const clear = () =>
    modal.confirm({
      title: t('toolbar.clear'),
      content: t('clearConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'designer-clear-ok' } as Record<string, string>,
      onOk: () => dispatch({ type: 'replace', scheme: { ...scheme, data: [] }, select: null }),
    });
  return (
    <Space wrap size={4}>
      <Tooltip title={`${t('toolbar.undo')} (Ctrl+Z)`}>
        <Button
          icon={<UndoOutlined />}
          data-testid="designer-undo"
          aria-label={t('toolbar.undo')}
          disabled={!state.past.length}
          onClick={() => dispatch({ type: 'undo' })}
        />
      </Tooltip>
      <Tooltip title={`${t('toolbar.redo')} (Ctrl+Y)`}>
        <Button
          icon={<RedoOutlined />}
          data-testid="designer-redo"
          aria-label={t('toolbar.redo')}
          disabled={!state.future.length}
          onClick={() => dispatch({ type: 'redo' })}
        />
      </Tooltip>
      <Divider orientation="vertical" />
      <Button
        icon={<CopyOutlined />}
        data-testid="designer-copy"
        disabled={sel === null}
        onClick={() => sel !== null && dispatch({ type: 'copy', formId: sel })}
      >
        {t('toolbar.copy')}
      </Button>
      <Button
        icon={<DeleteOutlined />}
        danger
        data-testid="designer-delete"
        disabled={sel === null}
        onClick={() => sel !== null && dispatch({ type: 'remove', formId: sel })}
      >
        {t('toolbar.delete')}
      </Button>
      <Button icon={<ClearOutlined />} data-testid="designer-clear" disabled={!scheme.data.length} onClick={clear}>
        {t('toolbar.clear')}
      </Button>
      <Divider orientation="vertical" />
      <Button icon={<EyeOutlined />} data-testid="designer-preview" onClick={() => onDialog('preview')}>
        {t('toolbar.preview')}
      </Button>
      <Button icon={<CodeOutlined />} data-testid="designer-json" onClick={() => onDialog('json')}>
        {t('toolbar.json')}
      </Button>
      <Button icon={<ImportOutlined />} data-testid="designer-import" onClick={() => onDialog('import')}>
        {t('toolbar.import')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} data-testid="designer-save" loading={saving} onClick={onSave}>
        {t('toolbar.save')}
      </Button>
    </Space>
  );
}
