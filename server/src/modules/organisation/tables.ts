export interface DepartmentMaintainersTable {
  tenant_id: string;
  department_id: string;
  user_id: string;
}

export interface SpecialPostsTable {
  tenant_id: string;
  /** 1 company, 2 department */
  object_type: number;
  object_id: string;
  post_id: string;
}

declare module '../../core/db/schema.js' {
  interface Database {
    department_maintainers: DepartmentMaintainersTable;
    special_posts: SpecialPostsTable;
  }
}
