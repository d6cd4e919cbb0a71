import { vi } from 'vitest';
import type { AnnexFile } from '@app/contracts';

export const annex = (over: Partial<AnnexFile> = {}): AnnexFile => ({
  F_Id: 'x1',
  F_FolderId: 'f1',
  F_FileName: '报告.pdf',
  F_FileExtensions: '.pdf',
  F_FileType: 'application/pdf',
  F_FileSize: 1234,
  F_Remark: '',
  F_CreateDate: '2026-11-23 09:00:00',
  F_CreateUserId: 'u1',
  F_CreateUserName: 'Admin',
  url: '/api/files/x1?sig=abcdefghijkl',
  previewKind: 'pdf',
  viewerUrl: null,
  ...over,
});

/**
 * A network-level stand-in for XMLHttpRequest (jsdom's cannot reach a server): records each request and lets the
 * test drive progress, the answer, or a network error.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }
  abort() {
    this.aborted = true;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(body: unknown, status = 200) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

export function stubXhr(onSend: ((xhr: FakeXhr) => void) | null = null) {
  FakeXhr.sent = [];
  FakeXhr.onSend = onSend;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
