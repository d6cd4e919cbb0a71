import type { ReactNode } from 'react';
import { Table, Typography, type TablePaginationConfig } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { databaseLinkApi, type LinkGroup } from './api';

export const LINK_GROUPS_KEY = 'database-link-groups';

export type { LinkGroup };

/** Every link of the tenant, the platform link first (the order the server groups them in). */
export function useLinks() {
  return useQuery({
    queryKey: [LINK_GROUPS_KEY],
    queryFn: databaseLinkApi.groups,
    select: (groups) => groups.flatMap((g) => g.children),
  });
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One cell of a result grid: NULL visibly different from '' and objects as JSON. */
export function cellText(v: unknown): ReactNode {
  if (v === null || v === undefined) return <Typography.Text type="secondary">NULL</Typography.Text>;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        maxHeight: 320,
        overflow: 'auto',
        background: 'rgba(0,0,0,0.03)',
        padding: 8,
        borderRadius: 4,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {text === undefined ? 'undefined' : text}
    </pre>
  );
}

interface GridRow {
  k: number;
  r: Record<string, unknown>;
}

/**
 * Rows whose columns are only known at run time (query results, table data). Rows are wrapped so a result
 * column can never clash with the row key.
 */
export function ResultGrid({
  fields,
  rows,
  loading,
  pagination = false,
  testId,
  tree,
}: {
  fields: string[];
  rows: Record<string, unknown>[];
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  testId?: string;
  /** Nested rows (children) shown as a tree, opened when first shown. */
  tree?: boolean;
}) {
  let next = 0;
  const wrap = (list: Record<string, unknown>[]): (GridRow & { children?: GridRow[] })[] =>
    list.map((r) => {
      const k = next++;
      const kids = tree && Array.isArray(r.children) && r.children.length ? wrap(r.children as Record<string, unknown>[]) : undefined;
      return kids ? { k, r, children: kids } : { k, r };
    });
  return (
    <div data-testid={testId}>
      <Table<GridRow>
        size="small"
        bordered
        rowKey="k"
        loading={loading}
        dataSource={wrap(rows)}
        pagination={pagination}
        expandable={tree ? { defaultExpandAllRows: true } : undefined}
        scroll={{ x: 'max-content', y: 420 }}
        columns={fields.map((f) => ({
          key: f,
          title: f,
          ellipsis: true,
          onCell: () => ({ style: { maxWidth: 320 } }),
          render: (_: unknown, row: GridRow) => cellText(row.r[f]),
        }))}
      />
    </div>
  );
}

/** The field names of rows when no field list came with them. */
export const fieldsOf = (rows: Record<string, unknown>[]): string[] => [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'children');

export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;
