import { useEffect, useState } from 'react';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '../stamp-fields';

/**
 * Handwritten signature (spec 2.9, 9): the stamp screen's SignaturePad (draw, clear), answered as its 80 × 50 PNG
 * data URL. OK without a drawing warns '请先签名'.
 */
export function HandwritingDialog(props: { open: boolean; onOk: (pngDataUrl: string) => void; onCancel: () => void }) {
  const { open, onOk, onCancel } = props;
  const { t } = useTranslation('wfShared');
  const { message } = App.useApp();
  const [value, setValue] = useState<string | undefined>();
  useEffect(() => {
    if (open) setValue(undefined);
  }, [open]);
  const ok = () => {
    if (!value) {
      void message.warning(t('handwriting.empty'));
      return;
    }
    onOk(value);
  };
  return (
    <Modal
      open={open}
      title={t('handwriting.title')}
      onOk={ok}
      onCancel={onCancel}
      destroyOnHidden
      width={480}
      okButtonProps={{ 'data-testid': 'wf-handwriting-ok' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'wf-handwriting-cancel' } as Record<string, string>}
    >
      <div data-testid="wf-handwriting-dialog">
        <SignaturePad value={value} onChange={setValue} />
      </div>
    </Modal>
  );
}
