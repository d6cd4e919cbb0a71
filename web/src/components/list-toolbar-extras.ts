import type { ComponentType } from 'react';
import type { ListQuery } from './ListPage';

/** What a toolbar extra gets from the list it sits in. */
export interface ListToolbarExtraProps {
  /** The list's current query (filters, sort), e.g. for an export of what is listed. */
  query: ListQuery;
  /** Reads the list again (after an import). */
  refresh: () => void;
}

const extras: ComponentType<ListToolbarExtraProps>[] = [];

/**
 * Buttons every list screen shows beside its own toolbar, registered by a feature (the Excel templates' 导入 / 导出
 * of the screen's menu entry): one mechanism for every ListPage, without the list knowing the feature.
 */
export function registerListToolbarExtra(component: ComponentType<ListToolbarExtraProps>): void {
  if (!extras.includes(component)) extras.push(component);
}

export const listToolbarExtras = (): readonly ComponentType<ListToolbarExtraProps>[] => extras;
