export interface AreasTable {
  id: string;
  parent_id: string;
  name: string;
  /** 1 province, 2 city, 3 district */
  level: number;
  sort_code: number;
}

declare module '../../core/db/schema.js' {
  interface Database {
    areas: AreasTable;
  }
}
