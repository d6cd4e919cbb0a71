import type { FieldRegistry } from '../../types';

/** asso-select, cascader, area, upload, editor, company, department, user, info, map; option loading for every source. */
export const richFields: FieldRegistry = {};
