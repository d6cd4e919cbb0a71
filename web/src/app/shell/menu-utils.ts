import type { MenuItem, UserInfo } from '@app/contracts';

export const isExternal = (path: string): boolean => /^https?:\/\//i.test(path) || /\.html?(\?|#|$)/i.test(path);

export const isLeaf = (item: MenuItem): boolean => item.children.length === 0 && item.target !== 'expand';

/** Spec 2.4: '&' becomes '$', and a leaf path gets /index appended. External addresses go to /myiframe. */
export function menuPath(item: Pick<MenuItem, 'path' | 'children' | 'target'>): string {
  const raw = item.path || '';
  if (isExternal(raw)) return `/myiframe/${encodeURIComponent(raw)}`;
  let p = raw.replace(/&/g, '$');
  const leaf = item.children.length === 0 && item.target !== 'expand';
  if (leaf && p && !/\/index$/.test(p)) p = `${p.replace(/\/$/, '')}/index`;
  return p;
}

/** Spec 6: hidden when meta.roles is set and includes none of the user's roles. */
export function visibleForRoles(item: MenuItem, user: Pick<UserInfo, 'roles'> | null | undefined): boolean {
  const roles = item.meta.roles;
  if (!roles || roles.length === 0) return true;
  const mine = new Set((user?.roles ?? []).flatMap((r) => [r.F_RoleId, r.F_EnCode, r.F_FullName]));
  return roles.some((r) => mine.has(r));
}

export function filterByRoles(items: MenuItem[], user: Pick<UserInfo, 'roles'> | null | undefined): MenuItem[] {
  return items
    .filter((i) => visibleForRoles(i, user))
    .flatMap((i) => {
      if (isLeaf(i)) return [i];
      const children = filterByRoles(i.children, user);
      // A group whose entries are all hidden disappears (an 'expand' entry stays).
      return children.length > 0 || (i.target === 'expand' && i.children.length === 0) ? [{ ...i, children }] : [];
    });
}

export function leaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.children.length ? leaves(i.children) : i.target === 'expand' ? [] : [i]));
}

/** Spec 2.4: highlighted when the route equals its path or one of its group paths. */
export function matchesRoute(item: MenuItem, pathname: string): boolean {
  return menuPath(item) === pathname || item.group.some((g) => g === pathname || menuPath({ ...item, path: g }) === pathname);
}

export function findByRoute(items: MenuItem[], pathname: string): MenuItem | undefined {
  return leaves(items).find((i) => matchesRoute(i, pathname));
}

/** 'menu.personal' → 'menu:personal' (namespace 'menu', key 'personal'). */
export function toI18nKey(key: string): string {
  return key.includes(':') ? key : key.replace(/^([^.]+)\./, '$1:');
}

type T = (key: string, opts?: { defaultValue: string }) => string;

/** The label a user sees: meta.i18n translated, else F_FullName. */
export function menuLabel(item: MenuItem, t: T): string {
  const fallback = item.F_FullName || item.label;
  return item.meta.i18n ? t(toI18nKey(item.meta.i18n), { defaultValue: fallback }) : fallback;
}

/** Spec 2.4 menu search: leaf entries whose label starts with the text, case-insensitive. */
export function searchMenu(items: MenuItem[], text: string, translate: (item: MenuItem) => string): MenuItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return leaves(items).filter((i) => [translate(i), i.F_FullName, i.label].some((l) => (l ?? '').toLowerCase().startsWith(q)));
}

export function queryString(query: Record<string, string> | undefined): string {
  const qs = new URLSearchParams(query ?? {}).toString();
  return qs ? `?${qs}` : '';
}
