import type { SizeUnit, UploadPurpose, UploadResult } from '@app/contracts';
import { ApiError, baseHeaders, buildUrl, saveBlob, settleEnvelope } from '../../lib/api';
import i18n from '../../lib/i18n';

/** Spec 9: the request time-out; for uploads it counts from the last progress, so big files on slow links still finish. */
export const UPLOAD_STALL_MS = 20_000;

/** Which stored form field an upload belongs to: the form, its version when known, and the field's formId. */
export interface FormFieldRef {
  formId: string;
  schemeId?: string;
  fieldId: string;
}

export interface UploadOptions {
  /** Attachment folder (or file-manager folder) to add to; none = the server makes a new attachment folder. */
  folderId?: string | null;
  purpose?: UploadPurpose;
  limit?: number;
  unit?: SizeUnit;
  accept?: string;
  /** A form's upload field: the server takes the size and types from the field as stored in this form. */
  formField?: FormFieldRef;
  /** Use the multiple-file-upload route (also implied by more than one file). */
  multiple?: boolean;
  remark?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Also show failures in the global error toast (default false: the upload control shows its own message). */
  toast?: boolean;
}

/**
 * Sends files as multipart ('file' parts + 'remark') with XMLHttpRequest, because fetch cannot report upload
 * progress. The answer goes through the same envelope rules as every other call (lib/api settleEnvelope).
 * Rejects with ApiError: the server's msg, '上传失败' (network) or '上传超时，请刷新重试' (stalled 20 s).
 */
export function uploadFiles(files: File[], opts: UploadOptions = {}): Promise<UploadResult> {
  const multiple = opts.multiple || files.length > 1;
  const base = multiple ? '/upload/multiple-file-upload' : '/upload';
  const path = opts.folderId ? `${base}/${encodeURIComponent(opts.folderId)}` : base;
  const url = buildUrl(path, {
    purpose: opts.purpose,
    limit: opts.limit,
    unit: opts.unit,
    accept: opts.accept,
    formId: opts.formField?.formId,
    schemeId: opts.formField?.schemeId,
    fieldId: opts.formField?.fieldId,
  });
  const silent = !opts.toast;

  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  form.append('remark', opts.remark ?? '');

  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stall);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const failWith = (key: string) =>
      finish(() => {
        const text = i18n.t(key);
        reject(settleSafely(path, text, silent));
      });
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        failWith('files:uploadTimeout');
        xhr.abort();
      }, UPLOAD_STALL_MS);
    };
    const onAbort = () => {
      finish(() => reject(new ApiError(i18n.t('files:uploadFailed'), -1)));
      xhr.abort();
    };

    xhr.open('POST', url);
    for (const [k, v] of Object.entries(baseHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      armStall();
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    // The server may still be storing the bytes after the last upload progress; its answer resets the clock too.
    xhr.onprogress = armStall;
    xhr.onerror = () => failWith('files:uploadFailed');
    xhr.onload = () =>
      finish(() => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        try {
          resolve(settleEnvelope<UploadResult>(path, xhr.status, body, silent));
        } catch (err) {
          reject(err instanceof ApiError ? err : new ApiError(i18n.t('files:uploadFailed'), -1, xhr.status));
        }
      });
    if (opts.signal?.aborted) {
      onAbort();
      return;
    }
    opts.signal?.addEventListener('abort', onAbort);
    armStall();
    xhr.send(form);
  });
}

/** Transport failures take the same log/toast path as api.ts, via a synthetic failed answer. */
function settleSafely(path: string, text: string, silent: boolean): ApiError {
  try {
    settleEnvelope(path, 200, { code: -1, msg: text }, silent);
  } catch (err) {
    if (err instanceof ApiError) return err;
  }
  return new ApiError(text, -1);
}

/**
 * Spec 7: an attachment is fetched as a blob and saved under its own name (the signed URL's Content-Disposition
 * may carry an ASCII fallback only, and a cross-tab navigation would lose the name).
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new ApiError(i18n.t('files:downloadFailed'), -1);
  }
  if (!res.ok) throw new ApiError(i18n.t('files:downloadFailed'), -1, res.status);
  saveBlob(await res.blob(), fileName);
}
