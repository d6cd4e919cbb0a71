/**
 * Shapes from docs/organisation-design.md used by the pickers.
 * TEMPORARY until contracts/src/organisation.ts and area.ts land; then this file re-exports the contract types.
 */
export interface OrgNode {
  id: string;
  parentId: string;
  title: string;
  type: 'company' | 'department';
  companyId: string;
  children: OrgNode[];
}
export interface UserBrief {
  F_UserId: string;
  F_Account: string;
  F_RealName: string;
  F_Gender: number;
  F_HeadIcon: string | null;
  F_EnabledMark: number;
  F_CompanyId: string | null;
  F_DepartmentName: string | null;
}
export interface CompanyNode {
  F_CompanyId: string;
  F_ParentId: string;
  F_FullName: string;
  F_CompanyName: string;
  F_EnCode: string;
  F_Nature: string | null;
  F_SortCode: number;
  F_EnabledMark: number;
  children: CompanyNode[];
}
export interface DepartmentNode {
  F_DepartmentId: string;
  F_CompanyId: string;
  F_ParentId: string;
  F_FullName: string;
  F_EnCode: string;
  F_Nature: string | null;
  F_SortCode: number;
  F_EnabledMark: number;
  children: DepartmentNode[];
}
export interface PostNode {
  F_PostId: string;
  F_ParentId: string;
  F_Name: string;
  EnCode: string;
  F_CompanyId: string;
  F_DepartmentId: string | null;
  children: PostNode[];
}
export interface RoleBrief {
  F_RoleId: string;
  F_FullName: string;
  F_EnCode: string;
  F_EnabledMark: number;
}
export interface Area {
  F_AreaId: string;
  F_AreaName: string;
  F_ParentId: string;
  F_Level: number;
  F_SortCode: number;
  hasChildren: boolean;
}
