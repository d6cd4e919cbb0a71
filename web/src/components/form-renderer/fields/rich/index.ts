import type { FieldRegistry } from '../../types';
import { AreaField } from './AreaField';
import { AssoSelectField } from './AssoSelect';
import { CascaderField } from './CascaderField';
import { EditorField } from './EditorField';
import { InfoField } from './InfoField';
import { MapField } from './MapField';
import { OrgField } from './OrgFields';
import { UploadFormField } from './UploadFormField';
import { UserField } from './UserField';

/** asso-select, cascader, area, upload, editor, company, department, user, info, map; option loading for every source (options.ts). */
export const richFields: FieldRegistry = {
  'asso-select': AssoSelectField,
  cascader: CascaderField,
  area: AreaField,
  upload: UploadFormField,
  editor: EditorField,
  company: OrgField,
  department: OrgField,
  user: UserField,
  info: InfoField,
  map: MapField,
};

export { useFieldOptions, type FieldOption, type FieldOptions } from './options';
