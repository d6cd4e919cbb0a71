import { useQuery } from '@tanstack/react-query';
import { orgPickerApi } from './api';
import type { CompanyNode, OrgNode } from './types';

export const PICKER_PAGE_SIZE = 10;

/** Companies with their department trees (GET /companies/departments/tree). */
export function useOrgTree(enabled = true) {
  return useQuery({ queryKey: ['org-tree'], queryFn: () => orgPickerApi.orgTree(), enabled });
}

/** GET /companies/tree. */
export function useCompanyTree(enabled = true) {
  return useQuery({ queryKey: ['company-tree'], queryFn: () => orgPickerApi.companyTree(), enabled });
}

export interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
  [extra: string]: unknown;
}

export function orgTreeData(nodes: OrgNode[]): TreeData[] {
  return nodes.map((n) => ({
    key: `${n.type}:${n.id}`,
    title: n.title,
    type: n.type,
    id: n.id,
    companyId: n.companyId,
    children: orgTreeData(n.children ?? []),
  }));
}

export function companyTreeData(nodes: CompanyNode[]): TreeData[] {
  return nodes.map((n) => ({ key: n.F_CompanyId, title: n.F_FullName, children: companyTreeData(n.children ?? []) }));
}

export function flatten<T extends { children?: T[] }>(nodes: T[], depth = 0): { node: T; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children ?? [], depth + 1)]);
}

/** Spec 5: keyword match is exact on real name or account; empty restores. */
export function exactMatch(keyword: string, ...values: (string | null | undefined)[]): boolean {
  const k = keyword.trim();
  return !k || values.some((v) => v === k);
}
