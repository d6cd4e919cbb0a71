/** The shapes the pickers use (docs/organisation-design.md), from the contracts. */
export type { OrgNode, UserBrief, CompanyNode, DepartmentNode, PostNode, RoleBrief, Area } from '@app/contracts';
