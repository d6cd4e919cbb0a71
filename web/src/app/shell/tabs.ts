import { StorageKeys, readJson, writeJson } from '../../lib/storage';
import { createStore, useStore } from '../../lib/store';

export interface Tab {
  /** Route path. */
  value: string;
  /** Fallback label (F_FullName or a title). */
  label: string;
  /** Translation key of the label. */
  i18n?: string;
  query?: Record<string, string>;
  close: boolean;
}

export const HOME_TAB: Tab = { value: '/wel/index', label: '首页', i18n: 'menu.home', close: false };

function sane(list: Tab[]): Tab[] {
  const rest = list.filter((t) => t.value !== HOME_TAB.value);
  return [HOME_TAB, ...rest];
}

export const tabsStore = createStore<Tab[]>(sane(readJson<Tab[]>(StorageKeys.tags, [])), (v) => writeJson(StorageKeys.tags, v));
export const useTabs = (): Tab[] => useStore(tabsStore);

export function openTab(tab: Tab): void {
  const list = tabsStore.get();
  const i = list.findIndex((t) => t.value === tab.value);
  if (i === -1) tabsStore.set([...list, { ...tab, close: tab.value !== HOME_TAB.value }]);
  else if (JSON.stringify(list[i].query ?? {}) !== JSON.stringify(tab.query ?? {}) || list[i].label !== tab.label) {
    const next = list.slice();
    // The tab takes the entry's current title, translation key included (a page whose entry appeared has none).
    next[i] = { ...list[i], query: tab.query, label: tab.label, i18n: tab.i18n };
    tabsStore.set(next);
  }
}

/** Closes one tab; returns the path to show when the closed tab was active. */
export function closeTab(value: string, active: string): string | null {
  const list = tabsStore.get();
  const i = list.findIndex((t) => t.value === value);
  if (i <= 0 || !list[i].close) return null;
  const next = list.filter((t) => t.value !== value);
  tabsStore.set(next);
  if (value !== active) return null;
  return (next[i - 1] ?? next[0]).value;
}

export function closeOthers(value: string): void {
  tabsStore.set(tabsStore.get().filter((t) => !t.close || t.value === value));
}

/** Close all: only the first tab stays; the caller goes to the welcome page. */
export function closeAll(): string {
  tabsStore.set([HOME_TAB]);
  return HOME_TAB.value;
}

export function resetTabs(): void {
  tabsStore.set([HOME_TAB]);
}
