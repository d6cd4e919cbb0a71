import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/helpers';
import { AttachmentList } from './AttachmentList';
import { FilePreviewModal, type PreviewableFile } from './FilePreviewModal';
import { annex } from './test-util';

afterEach(() => vi.unstubAllGlobals());

const file = (over: Partial<PreviewableFile>): PreviewableFile => ({
  F_FileName: 'a',
  url: '/api/files/x1?sig=abcdefghijkl',
  previewKind: 'none',
  viewerUrl: null,
  ...over,
});
const dialog = () => screen.getByRole('dialog');

describe('FilePreviewModal', () => {
  it('shows an image directly, a pdf in a frame of its own address, media with controls', () => {
    const view = renderWithApp(<FilePreviewModal file={file({ F_FileName: '图.png', previewKind: 'image' })} onClose={() => undefined} />);
    expect(within(dialog()).getByRole('img', { name: '图.png' }).getAttribute('src')).toBe('/api/files/x1?sig=abcdefghijkl');
    view.unmount();
    const pdf = renderWithApp(<FilePreviewModal file={file({ F_FileName: 'a.pdf', previewKind: 'pdf' })} onClose={() => undefined} />);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/api/files/x1?sig=abcdefghijkl');
    pdf.unmount();
    const video = renderWithApp(<FilePreviewModal file={file({ F_FileName: 'a.mp4', previewKind: 'media' })} onClose={() => undefined} />);
    expect(document.querySelector('video[controls]')).toBeTruthy();
    video.unmount();
    renderWithApp(<FilePreviewModal file={file({ F_FileName: 'a.mp3', previewKind: 'media' })} onClose={() => undefined} />);
    expect(document.querySelector('audio[controls]')).toBeTruthy();
  });

  it('fetches text and shows it as plain text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<b>不是 HTML</b>')),
    );
    renderWithApp(<FilePreviewModal file={file({ F_FileName: 'a.txt', previewKind: 'text' })} onClose={() => undefined} />);
    expect((await screen.findByTestId('preview-text')).textContent).toBe('<b>不是 HTML</b>');
  });

  it("office files open in the configured viewer, else '暂不支持预览！'; the dialog is 80% wide", () => {
    const view = renderWithApp(
      <FilePreviewModal file={file({ F_FileName: 'a.docx', previewKind: 'office', viewerUrl: 'https://viewer/?src=x' })} onClose={() => undefined} />,
    );
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://viewer/?src=x');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('80%');
    view.unmount();
    renderWithApp(<FilePreviewModal file={file({ F_FileName: 'a.docx', previewKind: 'office' })} onClose={() => undefined} />);
    expect(screen.getByText('暂不支持预览！')).toBeTruthy();
  });
});

describe('AttachmentList', () => {
  it('has name (380) and action (100) columns; preview opens the dialog; legacy entries preview images only', async () => {
    renderWithApp(<AttachmentList files={[annex({ F_FileName: '图.png', previewKind: 'image' }), { F_FileName: '旧.doc', url: '/old/1' }]} />);
    const cols = Array.from(document.querySelectorAll('colgroup col')).map((c) => (c as HTMLElement).style.width);
    expect(cols).toEqual(['380px', '100px']);
    expect(screen.queryByTestId('attachment-delete-x1')).toBeNull();
    fireEvent.click(screen.getByTestId('attachment-preview-x1'));
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: '图.png' })).toBeTruthy();
  });

  it('a legacy entry of another type says preview is not supported', async () => {
    renderWithApp(<AttachmentList files={[{ F_FileName: '旧.doc', url: '/old/1' }]} />);
    fireEvent.click(screen.getByTestId('attachment-preview-旧.doc'));
    expect(await within(await screen.findByRole('dialog')).findByText('暂不支持预览！')).toBeTruthy();
  });
});
