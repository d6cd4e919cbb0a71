import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@app/contracts';
import { ApiError, setErrorToast } from '../../lib/api';
import { getSession } from '../../lib/session';
import { setNavigator } from '../../lib/navigation';
import { signInForTest } from '../../test/session';
import { annex, stubXhr } from './test-util';
import { downloadFile, UPLOAD_STALL_MS, uploadFiles } from './upload-request';

const result = (folderId = 'f1'): UploadResult => ({
  FileUrl: '/api/files/x1?sig=abcdefghijkl',
  FileIds: ['x1'],
  FolderId: folderId,
  Files: [annex({ F_FolderId: folderId })],
});
const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '' });
const file = (name = 'a.txt', text = 'hello') => new File([text], name, { type: 'text/plain' });

let toasts: string[];
let navigations: string[];
beforeEach(() => {
  toasts = [];
  navigations = [];
  setErrorToast((t) => toasts.push(t));
  setNavigator((to) => navigations.push(to));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uploadFiles', () => {
  it('posts multipart file + remark with the bearer token, to the folder, with the field rules in the query', async () => {
    signInForTest();
    const sent = stubXhr((x) => {
      x.progress(50, 100);
      x.respond(ok(result()));
    });
    const progress: number[] = [];
    await expect(
      uploadFiles([file()], { folderId: 'f1', purpose: 'news', limit: 3, unit: 'MB', accept: '.txt', remark: 'r', onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual(result());
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe('/api/upload/f1?purpose=news&limit=3&unit=MB&accept=.txt');
    expect(sent[0].headers.Authorization).toBe('Bearer t1');
    expect((sent[0].body?.get('file') as File).name).toBe('a.txt');
    expect(sent[0].body?.get('remark')).toBe('r');
    expect(progress).toEqual([50]);
  });

  it('uses the multiple-file route for several files and no folder segment for a new folder', async () => {
    const sent = stubXhr((x) => x.respond(ok(result('new'))));
    await uploadFiles([file('a.txt'), file('b.txt')], {});
    expect(sent[0].url).toBe('/api/upload/multiple-file-upload');
    expect(sent[0].body?.getAll('file')).toHaveLength(2);
  });

  it("rejects with the server's msg (no global toast unless asked)", async () => {
    stubXhr((x) => x.respond({ code: 10400, success: false, data: null, msg: '只能上传不超过 2MB 的文件' }, 400));
    await expect(uploadFiles([file()], { folderId: 'f1' })).rejects.toThrow('只能上传不超过 2MB 的文件');
    expect(toasts).toEqual([]);
    stubXhr((x) => x.respond({ code: 10400, success: false, data: null, msg: 'bad' }, 400));
    await expect(uploadFiles([file()], { toast: true })).rejects.toThrow('bad');
    expect(toasts).toEqual(['bad']);
  });

  it('signs out on body code 10401 like every other call', async () => {
    signInForTest();
    stubXhr((x) => x.respond({ code: 10401, success: false, data: null, msg: '登录已过期' }, 401));
    await expect(uploadFiles([file()], {})).rejects.toMatchObject({ code: 10401 });
    expect(getSession()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it("a network error rejects with '上传失败'", async () => {
    stubXhr((x) => x.fail());
    await expect(uploadFiles([file()], {})).rejects.toThrow('上传失败');
  });

  it("20 s without progress rejects with '上传超时，请刷新重试' and aborts; progress restarts the clock", async () => {
    vi.useFakeTimers();
    const sent = stubXhr();
    const done = uploadFiles([file()], { folderId: 'f1' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1000);
    sent[0].progress(10, 100);
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1000);
    expect(sent[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    const err = await done;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('上传超时，请刷新重试');
    expect(sent[0].aborted).toBe(true);
  });

  it('an aborted signal cancels the request', async () => {
    const sent = stubXhr();
    const controller = new AbortController();
    const done = uploadFiles([file()], { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toBeInstanceOf(ApiError);
    expect(sent[0].aborted).toBe(true);
  });
});

describe('downloadFile', () => {
  it('fetches the bytes and saves them under the file name through an object URL', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['abc'])));
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:1');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadFile('/api/files/x1?sig=abcdefghijkl', '年度 报告.pdf');
    expect(fetchMock).toHaveBeenCalledWith('/api/files/x1?sig=abcdefghijkl');
    expect(created).toHaveBeenCalledTimes(1);
    const clicked = click.mock.contexts[0] as HTMLAnchorElement;
    expect(clicked.download).toBe('年度 报告.pdf');
    expect(clicked.href).toBe('blob:1');
    click.mockRestore();
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });

  it("a failed fetch rejects with '下载失败'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    await expect(downloadFile('/api/files/x', 'a.txt')).rejects.toThrow('下载失败');
  });
});
