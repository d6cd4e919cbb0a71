import type { AnnexFile } from '@app/contracts';
import { api } from '../../lib/api';

/** An upload field's files (annexes), by the field's folder. */
export const annexApi = {
  /** silent when the caller shows the failure in place (a read-only view, a print). */
  files: (folderId: string, silent = false) => api.get<AnnexFile[]>(`/annexes-files/url/${encodeURIComponent(folderId)}`, undefined, { silent }),
  remove: (fileId: string) => api.del(`/annexes-files/${encodeURIComponent(fileId)}`, { silent: true }),
};
