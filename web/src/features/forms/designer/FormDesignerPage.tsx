import { useEffect, useState } from 'react';
import { Alert, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../app/shell/unsaved';
import { FieldList } from './Canvas';
import { DesignerContext } from './context';
import { DesignerDialogs, type DesignerDialog } from './DesignerDialogs';
import { DesignerSidePanel } from './DesignerSidePanel';
import { DesignerToolbar } from './DesignerToolbar';
import { Palette } from './Palette';
import { ROOT } from './scheme-ops';
import { useDesignerDocument } from './useDesignerDocument';
import { useDesignerDrag } from './useDesignerDrag';
import { useSaveFormScheme, type DesignerSide } from './useSaveFormScheme';
import { useUndoRedoKeys } from './useUndoRedoKeys';

const pane = {
  background: 'rgba(128,128,128,0.04)',
  border: '1px solid rgba(128,128,128,0.2)',
  borderRadius: 8,
  padding: 8,
  overflow: 'auto',
  maxHeight: 'calc(100vh - 180px)',
} as const;

/** The drag-and-drop form designer (docs/forms-design.md "Designer"): /quick-development/form-design/designer?id=<formId>. */
export default function FormDesignerPage() {
  const { t } = useTranslation('formDesigner');
  const doc = useDesignerDocument();
  const { state, dispatch, meta, detail, dirty } = doc;
  const [side, setSide] = useState<DesignerSide>('field');
  const [dialog, setDialog] = useState<DesignerDialog | null>(null);
  const { ctx, addField } = useDesignerDrag(state, dispatch);
  useUndoRedoKeys(dispatch);

  // Choosing a field on the canvas shows its properties even when the form tab was open.
  useEffect(() => {
    if (state.selectedId !== null) setSide('field');
  }, [state.selectedId]);

  const unsaved = useUnsavedChanges(dirty);
  const { saving, save } = useSaveFormScheme(doc, setSide, unsaved.saved);
  const scheme = state.present;

  return (
    <DesignerContext.Provider value={ctx}>
      <div data-testid="form-designer">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
          <Space size={8}>
            <strong>{meta.F_Name || t('untitled')}</strong>
            {dirty && (
              <Tag color="orange" data-testid="designer-dirty">
                {t('unsaved')}
              </Tag>
            )}
          </Space>
          <DesignerToolbar state={state} dispatch={dispatch} saving={saving} onSave={() => void save()} onDialog={setDialog} />
        </div>
        {detail.isError && <Alert type="error" showIcon title={t('loadFailed')} style={{ marginBottom: 8 }} />}
        {doc.loadError && <Alert type="error" showIcon title={t('schemeInvalid')} style={{ marginBottom: 8 }} data-testid="designer-load-error" />}
        <Spin spinning={detail.isFetching}>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <div style={{ ...pane, flex: '0 0 230px', minWidth: 200 }}>
              <Palette onAdd={addField} />
            </div>
            <div
              style={{ ...pane, flex: '1 1 420px', minWidth: 300, background: 'transparent' }}
              data-testid="designer-canvas"
              onClick={() => dispatch({ type: 'select', formId: null })}
            >
              <FieldList list={ROOT} fields={scheme.data} selectedId={state.selectedId} testId="canvas-list-root" />
            </div>
            <div style={{ ...pane, flex: '0 0 340px', minWidth: 280 }}>
              <DesignerSidePanel doc={doc} side={side} onSide={setSide} />
            </div>
          </div>
        </Spin>
        <DesignerDialogs
          dialog={dialog}
          scheme={scheme}
          onClose={() => setDialog(null)}
          onImport={(s) => {
            dispatch({ type: 'replace', scheme: { formConf: scheme.formConf, ...s }, select: null });
            setDialog(null);
          }}
        />
      </div>
    </DesignerContext.Provider>
  );
}
