export { UserPicker, GenderIcon, type UserPickerProps } from './UserPicker';
export { PostPicker, type PostPickerProps, type PostRef } from './PostPicker';
export { RolePicker, type RolePickerProps, type RoleRef } from './RolePicker';
export { ForwarderTable, type ForwarderRow, type ForwarderTableProps } from './ForwarderTable';
export { DataListPicker, DATA_LIST_PAGE_SIZE, type DataListPickerProps } from './DataListPicker';
export { AreaPicker, type AreaPickerProps } from './AreaPicker';
export { ResizablePanel, clampWidth, PANEL_MIN, PANEL_MAX, type ResizablePanelProps } from './ResizablePanel';
export { useOrgTree, useCompanyTree, orgTreeData, companyTreeData, flatten, exactMatch } from './shared';
export type { OrgNode, UserBrief, CompanyNode, DepartmentNode, PostNode, RoleBrief, Area } from './types';
