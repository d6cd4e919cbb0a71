import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { AnnexFile, UploadResult } from '@app/contracts';
import { setLanguage } from '../../lib/i18n';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { annex, stubXhr } from './test-util';
import { UploadField, type UploadFieldProps } from './UploadField';
import { UPLOAD_STALL_MS } from './upload-request';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setLanguage('zh-CN');
});

const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '' });
const bigFile = (name: string, bytes: number, type = 'image/png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

/** Inside a real antd Form, as the news form uses it; the form's value is shown for assertions. */
function renderField(props: Partial<UploadFieldProps> = {}, initial?: string) {
  function Host() {
    const [form] = Form.useForm<{ F_FolderId?: string }>();
    const value = Form.useWatch('F_FolderId', form);
    return (
      <Form form={form} initialValues={{ F_FolderId: initial }}>
        <Form.Item name="F_FolderId">
          <UploadField {...props} />
        </Form.Item>
        <span data-testid="form-value">{value ?? ''}</span>
      </Form>
    );
  }
  return renderWithApp(<Host />);
}
const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('upload-field-input'), { target: { files } });

describe('UploadField', () => {
  it('shows the limit tip (default 2 MB), in both languages', () => {
    stubApi([]);
    renderField({ accept: '.png,.jpg' });
    expect(screen.getByTestId('upload-field-tip').textContent).toBe('只能上传不超过 2MB 的 .png,.jpg 文件');
    act(() => setLanguage('en'));
    expect(screen.getByTestId('upload-field-tip').textContent).toBe('Only .png,.jpg files up to 2 MB can be uploaded');
    act(() => setLanguage('zh-CN'));
    cleanup();
    renderField({ limit: 500, unit: 'KB' });
    expect(screen.getByTestId('upload-field-tip').textContent).toBe('只能上传不超过 500KB 的文件');
  });

  it('refuses a file over the limit or of another type before sending anything', async () => {
    stubApi([]);
    const sent = stubXhr();
    renderField({ accept: '.png', limit: 2 });
    choose(bigFile('big.png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByText('只能上传不超过 2MB 的文件')).toBeTruthy();
    choose(bigFile('a.exe', 10, 'application/octet-stream'));
    expect(await screen.findByText('只能上传 .png 类型的文件')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses more files than maxCount', async () => {
    stubApi([[/^GET \/annexes-files\/url\/f1$/, () => [annex()]]]);
    const sent = stubXhr();
    renderField({ maxCount: 1 }, 'f1');
    expect(await screen.findByText('报告.pdf')).toBeTruthy();
    choose(bigFile('a.png', 10));
    expect(await screen.findByText('最多只能上传 1 个文件')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("when disabled, upload and delete are refused with '您没有权限上传' / '您没有权限删除'", async () => {
    const calls = stubApi([[/^GET \/annexes-files\/url\/f1$/, () => [annex()]]]);
    const sent = stubXhr();
    renderField({ disabled: true }, 'f1');
    fireEvent.click(screen.getByTestId('upload-field-button'));
    expect(await screen.findByText('您没有权限上传')).toBeTruthy();
    choose(bigFile('a.png', 10));
    expect(sent).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('attachment-delete-x1'));
    expect(await screen.findByText('您没有权限删除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('uploads into a new folder, sets the form value to its id and lists the file', async () => {
    signInForTest();
    const listed: AnnexFile[] = [];
    const calls = stubApi([[/^GET \/annexes-files\/url\/new1$/, () => listed]]);
    const answer: UploadResult = { FileUrl: '/api/files/x1?sig=abcdefghijkl', FileIds: ['x1'], FolderId: 'new1', Files: [annex({ F_FolderId: 'new1' })] };
    const sent = stubXhr((x) => {
      listed.push(...answer.Files);
      x.respond(ok(answer));
    });
    renderField({ purpose: 'news', multiple: true });
    choose(bigFile('报告.pdf', 1234, 'application/pdf'));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(sent[0].url).toBe('/api/upload?purpose=news&limit=2&unit=MB');
    expect(sent[0].headers.Authorization).toBe('Bearer t1');
    await waitFor(() => expect(screen.getByTestId('form-value').textContent).toBe('new1'));
    expect(await screen.findByText('报告.pdf')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/annexes-files/url/new1')).toBe(true));
  });

  it('uploads into the existing folder of its value', async () => {
    const listed: AnnexFile[] = [];
    stubApi([[/^GET \/annexes-files\/url\/f1$/, () => listed]]);
    const second = annex({ F_Id: 'x2', F_FileName: '第二份.txt' });
    const sent = stubXhr((x) => {
      listed.push(second);
      x.respond(ok({ FileUrl: 'u', FileIds: ['x2'], FolderId: 'f1', Files: [second] }));
    });
    renderField({ accept: '.txt' }, 'f1');
    choose(new File(['hi'], '第二份.txt', { type: 'text/plain' }));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(sent[0].url).toBe('/api/upload/f1?purpose=form&limit=2&unit=MB&accept=.txt');
    expect(screen.getByTestId('form-value').textContent).toBe('f1');
    expect(await screen.findByText('第二份.txt')).toBeTruthy();
  });

  it("shows the server's refusal, and '上传失败' on a network error", async () => {
    stubApi([]);
    let mode: 'refuse' | 'network' = 'refuse';
    stubXhr((x) => (mode === 'refuse' ? x.respond({ code: 10400, success: false, data: null, msg: '文件内容与类型不符：a.png' }, 400) : x.fail()));
    renderField();
    choose(bigFile('a.png', 10));
    expect(await screen.findByText('文件内容与类型不符：a.png')).toBeTruthy();
    mode = 'network';
    choose(bigFile('a.png', 10));
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(screen.getByTestId('form-value').textContent).toBe('');
  });

  it("a stalled upload ends with '上传超时，请刷新重试' after 20 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi([]);
    const sent = stubXhr();
    renderField();
    choose(bigFile('a.png', 10));
    await act(() => vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS + 10));
    expect(await screen.findByText('上传超时，请刷新重试')).toBeTruthy();
    expect(sent[0].aborted).toBe(true);
  });

  it("deletes a file with '删除成功', and says '删除失败' when the server refuses", async () => {
    let files = [annex(), annex({ F_Id: 'x2', F_FileName: '其他.txt' })];
    const calls = stubApi([
      [/^GET \/annexes-files\/url\/f1$/, () => files],
      [
        /^DELETE \/annexes-files\/x1$/,
        () => {
          files = files.filter((f) => f.F_Id !== 'x1');
          return null;
        },
      ],
    ]);
    renderField({}, 'f1');
    fireEvent.click(await screen.findByTestId('attachment-delete-x1'));
    fireEvent.click(await screen.findByTestId('attachment-delete-ok'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/annexes-files/x1')).toBe(true);
    await waitFor(() => expect(screen.queryByText('报告.pdf')).toBeNull());
    // No stub for x2: the server answers 404 (code 10404).
    fireEvent.click(screen.getByTestId('attachment-delete-x2'));
    const oks = await screen.findAllByTestId('attachment-delete-ok');
    fireEvent.click(oks[oks.length - 1]);
    expect(await screen.findByText('删除失败')).toBeTruthy();
    expect(screen.getByText('其他.txt')).toBeTruthy();
  });
});
