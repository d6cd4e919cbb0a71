import { useEffect, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFiles } from '../../components/files/upload-request';

/** Spec 5/367: stamp images up to 5 MB; the handwritten signature is an 80 × 50 PNG. */
export const STAMP_IMAGE_LIMIT_MB = 5;
export const SIGNATURE_WIDTH = 80;
export const SIGNATURE_HEIGHT = 50;
/** The drawing surface: the signature's ratio, scaled up so it can be drawn by hand. */
const DRAW_SCALE = 5;

/** An uploaded stamp image: the file id (sent as F_File) and its signed address (shown). */
export interface StampImage {
  id: string;
  url: string;
}

/** Image upload for a stamp (POST /upload, purpose 'stamp'): images only, at most 5 MB, one file. */
export function StampImageUpload({ value, onChange }: { value?: StampImage | null; onChange?: (v: StampImage | undefined) => void }) {
  const { t } = useTranslation('stamp');
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(file.type || '').toLowerCase().startsWith('image/')) {
      void message.error(t('imageOnly'));
      return;
    }
    if (file.size > STAMP_IMAGE_LIMIT_MB * 1024 * 1024) {
      void message.error(t('imageTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const result = await uploadFiles([file], { purpose: 'stamp', accept: 'image/*', limit: STAMP_IMAGE_LIMIT_MB, unit: 'MB', toast: true });
      const id = result.FileIds[0];
      if (id) onChange?.({ id, url: result.FileUrl });
    } catch {
      // The upload helper has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start" data-testid="stamp-upload">
      <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void picked(e)} data-testid="stamp-upload-input" />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="stamp-upload-button">
        {t('upload')}
      </Button>
      {value?.url && <img src={value.url} alt="" style={{ maxHeight: 60, maxWidth: 120, border: '1px solid #f0f0f0' }} data-testid="stamp-upload-preview" />}
      <Typography.Text type="secondary">{t('uploadHint')}</Typography.Text>
    </Space>
  );
}

/**
 * Scales the drawing surface down into an 80 × 50 canvas and answers its PNG data URL; undefined where the browser
 * (or jsdom) offers no 2D canvas.
 */
export function exportSignature(source: HTMLCanvasElement): string | undefined {
  try {
    const out = document.createElement('canvas');
    out.width = SIGNATURE_WIDTH;
    out.height = SIGNATURE_HEIGHT;
    const ctx = out.getContext('2d');
    if (!ctx) return undefined;
    ctx.drawImage(source, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    const url = out.toDataURL('image/png');
    return typeof url === 'string' && url.startsWith('data:image/png') ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Handwritten signature (F_File_Type 2): draw with mouse, pen or touch; every finished stroke updates the value
 * (the 80 × 50 PNG data URL). Clear empties the surface and the value.
 */
export function SignaturePad({ value, onChange }: { value?: string | null; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation('stamp');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const context = () => {
    try {
      return canvas.current?.getContext('2d') ?? null;
    } catch {
      return null;
    }
  };
  useEffect(() => {
    const ctx = context();
    if (!ctx) return;
    ctx.lineWidth = 6;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#000';
  }, []);
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const el = e.currentTarget;
    const rect = el.getBoundingClientRect();
    const sx = rect.width ? el.width / rect.width : 1;
    const sy = rect.height ? el.height / rect.height : 1;
    return { x: (e.clientX - rect.left) * sx, y: (e.clientY - rect.top) * sy };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    drawing.current = true;
    try {
      e.currentTarget.setPointerCapture?.(e.pointerId);
    } catch {
      // not supported (jsdom)
    }
    const ctx = context();
    const p = point(e);
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    if (canvas.current) onChange?.(exportSignature(canvas.current));
  };
  const clear = () => {
    const el = canvas.current;
    if (el) context()?.clearRect(0, 0, el.width, el.height);
    setDrawn(false);
    onChange?.(undefined);
  };
  return (
    <div data-testid="stamp-signature">
      <canvas
        ref={canvas}
        width={SIGNATURE_WIDTH * DRAW_SCALE}
        height={SIGNATURE_HEIGHT * DRAW_SCALE}
        style={{
          width: '100%',
          maxWidth: SIGNATURE_WIDTH * DRAW_SCALE,
          aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}`,
          border: '1px dashed #d9d9d9',
          touchAction: 'none',
          cursor: 'crosshair',
          display: 'block',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
        onPointerCancel={up}
        data-testid="stamp-signature-canvas"
      />
      <Space style={{ marginTop: 8 }}>
        <Button size="small" onClick={clear} data-testid="stamp-signature-clear">
          {t('clear')}
        </Button>
        {value && !drawn && (
          <>
            <Typography.Text type="secondary">{t('currentSignature')}</Typography.Text>
            <img
              src={value}
              alt=""
              width={SIGNATURE_WIDTH}
              height={SIGNATURE_HEIGHT}
              style={{ border: '1px solid #f0f0f0' }}
              data-testid="stamp-signature-current"
            />
          </>
        )}
        <Typography.Text type="secondary">{t('signatureHint')}</Typography.Text>
      </Space>
    </div>
  );
}
