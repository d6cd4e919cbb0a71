import { Grid } from 'antd';
import type { CSSProperties } from 'react';
import { useSession } from '../../../lib/session';

/** Phones (≤ 576 px, below antd's sm breakpoint): the large dialogs open full screen. */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().sm === false;
}

/** The signed-in user's id: excluded from transfer and signer choices (spec 5). */
export function useCurrentUserId(): string {
  return useSession()?.userInfo.F_UserId ?? '';
}

/** Modal props of a large dialog: `width` (60% / 80%, spec 9) or the whole screen on phones. */
export function wideModal(narrow: boolean, width: string): { width: string | number; style?: CSSProperties; styles?: { container: CSSProperties } } {
  return narrow
    ? { width: '100vw', style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }, styles: { container: { minHeight: '100vh', borderRadius: 0 } } }
    : { width };
}

/** Test id suffix of a server id (safe in CSS selectors). */
export const idPart = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');
