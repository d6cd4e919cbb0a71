import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../../test/helpers';
import { EditorField } from './EditorField';
import { FieldHost, fakeForm, field } from './test-util';
import { isAllowedImage, isAllowedLink } from '../../../editor/RichEditor';
import { annex, stubXhr } from '../../../files/test-util';

// The real Tiptap editor (ProseMirror on a contenteditable div) in jsdom, which has no layout: ProseMirror asks for
// positions when it scrolls the selection into view or maps a click; empty rectangles are enough.
beforeAll(() => {
  const empty = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }) as DOMRect;
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= empty;
  document.elementFromPoint ??= () => null;
});
afterEach(() => vi.unstubAllGlobals());
async function open(values: Record<string, unknown>) {
  const f = field('editor', 13, 'F_Body');
  const form = fakeForm({ data: [f] }, { values });
  renderWithApp(<FieldHost component={EditorField} field={f} form={form} />);
  const box = await screen.findByRole('textbox');
  return { form, box, value: () => screen.getByTestId('value-F_Body').textContent, changes: () => screen.getByTestId('changes-F_Body').textContent };
}

/** Puts the cursor at the end of the document (as a click would). */
function caretAtEnd(box: HTMLElement) {
  box.focus();
  const range = document.createRange();
  range.selectNodeContents(box);
  range.collapse(false);
  const sel = window.getSelection()!;
  sel.removeAllRanges();
  sel.addRange(range);
  fireEvent(document, new Event('selectionchange'));
}

describe('editor (editable)', () => {
  it('loads the editor lazily with the value, with its toolbar, and does not report the loaded value as an edit', async () => {
    const { box, value, changes } = await open({ F_Body: '<p>旧<strong>粗</strong></p>' });
    expect(box.closest('.rich-editor')).toBeTruthy();
    expect(box.innerHTML).toContain('<p>旧<strong>粗</strong></p>');
    expect(screen.getByRole('toolbar')).toBeTruthy();
    expect(screen.getByLabelText('加粗')).toBeTruthy();
    expect(value()).toBe('<p>旧<strong>粗</strong></p>');
    expect(changes()).toBe('0');
  });

  it('typing and bold produce the HTML', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '' });
    caretAtEnd(box);
    await user.type(box, '正文');
    await waitFor(() => expect(value()).toBe('<p>正文</p>'));
    await user.click(screen.getByTestId('rich-editor-bold'));
    await waitFor(() => expect(screen.getByTestId('rich-editor-bold').getAttribute('aria-pressed')).toBe('true'));
    await user.type(box, '加粗', { skipClick: true });
    await waitFor(() => expect(value()).toBe('<p>正文<strong>加粗</strong></p>'));
  });

  it('a heading from the block menu, an alignment and a list are kept in the HTML', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>标题</p>' });
    caretAtEnd(box);
    fireEvent.mouseDown(within(screen.getByTestId('rich-editor-block')).getByRole('combobox'));
    await user.click(await screen.findByTitle('标题 2'));
    await waitFor(() => expect(value()).toBe('<h2>标题</h2>'));
    await user.click(screen.getByTestId('rich-editor-alignCenter'));
    await waitFor(() => expect(value()).toBe('<h2 style="text-align: center;">标题</h2>'));
    expect(screen.getByTestId('rich-editor-alignCenter').getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByTestId('rich-editor-orderedList'));
    await waitFor(() => expect(value()).toBe('<ol><li><p>标题</p></li></ol>'));
    expect(screen.getByTestId('rich-editor-orderedList').getAttribute('aria-pressed')).toBe('true');
  });

  it('gives the selected text a background colour from the toolbar', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>要点</p>' });
    box.focus();
    const range = document.createRange();
    range.selectNodeContents(box.querySelector('p')!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    fireEvent(document, new Event('selectionchange'));
    await user.click(screen.getByTestId('rich-editor-background'));
    await user.click(within(await screen.findByTestId('rich-editor-swatches-background')).getByLabelText('#fff1b8'));
    await waitFor(() => expect(value()).toBe('<p><span style="background-color: rgb(255, 241, 184);">要点</span></p>'));
  });

  it('keeps text and background colours of stored content when it is edited and saved again', async () => {
    const user = userEvent.setup();
    const stored = '<p><span style="background-color: rgb(255, 255, 0);">高亮</span><span style="color: rgb(255, 0, 0);">红字</span></p>';
    const { box, value } = await open({ F_Body: stored });
    caretAtEnd(box);
    await user.type(box, '！');
    await waitFor(() => expect(value()).toContain('！'));
    expect(value()).toContain('background-color: rgb(255, 255, 0)');
    expect(value()).toContain('color: rgb(255, 0, 0)');
  });

  it('a value set from outside (a record loaded, a reset) is shown; an empty document is ""', async () => {
    const { form, box, value } = await open({ F_Body: '<p>旧</p>' });
    act(() => form.set('F_Body', '<h2>外部的</h2><p>内容</p>'));
    await waitFor(() => expect(box.innerHTML).toContain('<h2>外部的</h2><p>内容</p>'));
    expect(value()).toBe('<h2>外部的</h2><p>内容</p>');
    act(() => form.set('F_Body', ''));
    await waitFor(() => expect(box.textContent).toBe(''));
    expect(value()).toBe('');
  });

  it('clearing the text reports "" (a required rule sees the field empty)', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>字</p>' });
    caretAtEnd(box);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(value()).toBe(''));
  });

  it('a link from the toolbar: a web address is set on the selected text, javascript: is refused', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>官网</p>' });
    caretAtEnd(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByTestId('rich-editor-link'));
    const url = await screen.findByTestId('rich-editor-link-url');
    await user.type(url, 'javascript:alert(1)');
    await user.click(screen.getByTestId('rich-editor-link-ok'));
    expect(await screen.findByText('只能使用 http(s):// 或 mailto: 开头的地址')).toBeTruthy();
    expect(value()).toBe('<p>官网</p>');
    await user.clear(url);
    await user.type(url, 'https://example.com/');
    await user.click(screen.getByTestId('rich-editor-link-ok'));
    await waitFor(() => expect(value()).toBe('<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/">官网</a></p>'));
    expect(screen.getByTestId('rich-editor-link').getAttribute('aria-pressed')).toBe('true');
  });

  it('a table is inserted with a header row; inside it the table menu replaces the insert button', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>表</p>' });
    caretAtEnd(box);
    await user.click(screen.getByTestId('rich-editor-table'));
    await waitFor(() => expect(value()).toContain('<table'));
    expect(value()).toContain('<th');
    expect((value()?.match(/<tr>/g) ?? []).length).toBe(3);
    expect(await screen.findByTestId('rich-editor-tableActions')).toBeTruthy();
  });

  it('an image by address, and one uploaded through the file service (its signed address)', async () => {
    const user = userEvent.setup();
    const { box, value } = await open({ F_Body: '<p>图</p>' });
    caretAtEnd(box);
    await user.click(screen.getByTestId('rich-editor-image'));
    await user.type(await screen.findByTestId('rich-editor-image-url'), 'https://example.com/a.png');
    await user.click(screen.getByTestId('rich-editor-image-ok'));
    await waitFor(() => expect(value()).toBe('<p>图<img src="https://example.com/a.png"></p>'));

    const url = '/api/files/x9?sig=abcdefghijkl';
    const sent = stubXhr((x) =>
      x.respond({ code: 200, success: true, msg: '', data: { FileUrl: url, FileIds: ['x9'], FolderId: 'nf9', Files: [annex({ F_Id: 'x9', url })] } }),
    );
    await user.click(screen.getByTestId('rich-editor-image'));
    fireEvent.change(await screen.findByTestId('rich-editor-image-file'), { target: { files: [new File(['png'], '现场.png', { type: 'image/png' })] } });
    await waitFor(() => expect(value()).toBe(`<p>图<img src="https://example.com/a.png"><img src="${url.replace('&', '&amp;')}" alt="现场.png"></p>`));
    expect(sent[0].url).toContain('/api/upload?');
    expect(decodeURIComponent(sent[0].url)).toContain('accept=.png,.jpg');
  });

  it('links and images: only web / mail addresses (images also site paths)', () => {
    expect(isAllowedLink('https://example.com/a?b=1')).toBe(true);
    expect(isAllowedLink('http://example.com')).toBe(true);
    expect(isAllowedLink('mailto:a@example.com')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('data:text/html,x')).toBe(false);
    expect(isAllowedLink('/relative')).toBe(false);
    expect(isAllowedImage('https://example.com/x.png')).toBe(true);
    expect(isAllowedImage('/api/files/x.png')).toBe(true);
    expect(isAllowedImage('//evil.example/x.png')).toBe(false);
    expect(isAllowedImage('javascript:alert(1)')).toBe(false);
  });

  it('stored links keep their address (site paths, tel:), a javascript: one loses it', async () => {
    const { box } = await open({
      F_Body: '<p><a href="/office-automation/news/index">站内</a><a href="tel:123">电话</a><a href="javascript:alert(1)">坏</a></p>',
    });
    const links = Array.from(box.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links.slice(0, 2)).toEqual(['/office-automation/news/index', 'tel:123']);
    expect(links).not.toContain('javascript:alert(1)');
  });
});
