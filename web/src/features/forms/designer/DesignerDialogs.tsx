import { useRef, useState } from 'react';
import { App, Button, Empty, Input, Modal, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseScheme, type FormSchemeContent } from '@app/contracts';
import { FormRenderer, type FormMode, type FormRendererHandle } from '../../../components/form-renderer';

export type DesignerDialog = 'preview' | 'json' | 'import';

/** The dialog the toolbar opened, if any. */
export function DesignerDialogs({
  dialog,
  scheme,
  onClose,
  onImport,
}: {
  dialog: DesignerDialog | null;
  scheme: FormSchemeContent;
  onClose: () => void;
  onImport: (s: FormSchemeContent) => void;
}) {
  return (
    <>
      {dialog === 'preview' && <PreviewDialog scheme={scheme} onClose={onClose} />}
      {dialog === 'json' && <JsonDialog scheme={scheme} onClose={onClose} />}
      {dialog === 'import' && <ImportDialog onClose={onClose} onImport={onImport} />}
    </>
  );
}

/** The scheme as the JSON that is saved, read-only. */
function JsonDialog({ scheme, onClose }: { scheme: FormSchemeContent; onClose: () => void }) {
  const { t } = useTranslation('formDesigner');
  return (
    <Modal open title={t('toolbar.json')} width={760} footer={null} onCancel={onClose}>
      <pre data-testid="designer-json-text" style={{ maxHeight: '60vh', overflow: 'auto', fontSize: 12, margin: 0 }}>
        {JSON.stringify({ data: scheme.data, formConf: scheme.formConf }, null, 2)}
      </pre>
    </Modal>
  );
}

function ImportDialog({ onClose, onImport }: { onClose: () => void; onImport: (s: FormSchemeContent) => void }) {
  const { t } = useTranslation('formDesigner');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  return (
    <Modal
      open
      title={t('toolbar.import')}
      width={760}
      okText={t('import.ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !text.trim(), 'data-testid': 'designer-import-ok' } as { disabled: boolean }}
      onCancel={onClose}
      onOk={() => {
        const check = parseScheme(text);
        if (!check.ok) return void message.error(t('schemeInvalid'));
        onImport(check.scheme);
      }}
    >
      <Input.TextArea
        data-testid="designer-import-text"
        rows={16}
        value={text}
        placeholder={t('import.placeholder')}
        onChange={(e) => setText(e.target.value)}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
    </Modal>
  );
}

/** The real renderer over the current scheme, in add / edit / look mode, with its validation. */
function PreviewDialog({ scheme, onClose }: { scheme: FormSchemeContent; onClose: () => void }) {
  const { t } = useTranslation('formDesigner');
  const { message } = App.useApp();
  const [mode, setMode] = useState<FormMode>('add');
  const ref = useRef<FormRendererHandle>(null);
  const validate = () => {
    const form = ref.current;
    if (!form) return;
    form.validate().then(
      () => void message.success(t('preview.valid')),
      () => void message.error(t('preview.invalid')),
    );
  };
  return (
    <Modal open title={t('toolbar.preview')} width={960} footer={null} onCancel={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <Segmented<FormMode>
          data-testid="preview-mode"
          value={mode}
          onChange={setMode}
          options={(['add', 'edit', 'look'] as const).map((m) => ({ value: m, label: t(`preview.${m}`) }))}
        />
        <Button data-testid="preview-validate" onClick={validate} disabled={mode === 'look'}>
          {t('preview.validate')}
        </Button>
      </Space>
      <div data-testid="designer-preview-form">{scheme.data.length ? <FormRenderer key={mode} ref={ref} scheme={scheme} mode={mode} /> : <Empty />}</div>
    </Modal>
  );
}
