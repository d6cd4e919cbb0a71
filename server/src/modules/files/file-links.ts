import type { PreviewKind } from '@app/contracts';
import type { AppConfig } from '../../core/config.js';
import { Signer } from '../../core/signer.js';

/**
 * Signed file addresses (docs/files-design.md): `/api/files/{id}?sig=…` works without a Bearer header so that
 * <img>, <iframe>, <video> and external Office viewers can load it. The signature is an HMAC of the id with a key
 * derived from the JWT secret; the id is unguessable and a deleted file answers 404.
 */
export class FileLinks {
  private readonly signer: Signer;

  constructor(private readonly config: AppConfig) {
    this.signer = new Signer(config.jwtSecret, 'file-links');
  }

  sign(fileId: string): string {
    return this.signer.sign(fileId);
  }

  verify(fileId: string, sig: string): boolean {
    return this.signer.verify(fileId, sig);
  }

  /** Relative address (the web prefixes nothing; it is served from the same origin). */
  url(fileId: string): string {
    return `/api/files/${fileId}?sig=${this.sign(fileId)}`;
  }

  /** The external viewer's address for an office file, or null when none is configured. */
  viewerUrl(fileId: string, origin: string): string | null {
    const template = this.config.officePreviewUrl;
    if (!template) return null;
    const absolute = `${this.config.publicUrl ?? origin}${this.url(fileId)}`;
    return template.replace('{url}', encodeURIComponent(absolute));
  }
}

const IMAGE = new Set(['.bmp', '.jpg', '.jpeg', '.png', '.gif', '.svg', '.webp', '.ico']);
const TEXT = new Set(['.txt', '.csv', '.md', '.json', '.xml', '.log', '.ini', '.yaml', '.yml']);
const MEDIA = new Set(['.mp4', '.webm', '.mp3', '.wav', '.ogg', '.m4a', '.mov']);
const OFFICE = new Set(['.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp', '.wps', '.et', '.dps', '.rtf']);

/** How the web previews a file of this extension (spec 7: images directly, others through a viewer). */
export function previewKindOf(extension: string, officeViewerConfigured: boolean): PreviewKind {
  const ext = extension.toLowerCase();
  if (IMAGE.has(ext)) return 'image';
  if (ext === '.pdf') return 'pdf';
  if (TEXT.has(ext)) return 'text';
  if (MEDIA.has(ext)) return 'media';
  if (OFFICE.has(ext)) return officeViewerConfigured ? 'office' : 'none';
  return 'none';
}

/** Text files the file manager can edit. */
export function isEditableText(extension: string): boolean {
  return TEXT.has(extension.toLowerCase());
}
