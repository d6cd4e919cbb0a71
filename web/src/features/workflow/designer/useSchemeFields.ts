import { useCallback, useState } from 'react';
import { Form } from 'antd';
import type { Forwarder, WfSchemeForm, WfSchemeInfo } from '@app/contracts';
import type { ForwarderRow } from '../../../components/pickers';

export type SchemeFields = { F_Code: string; F_Name: string; F_Category: string; F_Description: string; F_AuthType: number };

/**
 * The scheme's own fields around the diagram: the form (code, name, category, description, who may launch), the
 * authorised objects (users / roles / posts in a table, departments in a tree) and the bound forms.
 */
export function useSchemeFields() {
  const [form] = Form.useForm<SchemeFields>();
  const [authRows, setAuthRows] = useState<ForwarderRow[]>([]);
  const [authDepartments, setAuthDepartments] = useState<Forwarder[]>([]);
  const [forms, setForms] = useState<WfSchemeForm[]>([]);

  /** Fills every field from a stored scheme. */
  const fill = useCallback(
    (d: WfSchemeInfo) => {
      form.setFieldsValue({ F_Code: d.F_Code, F_Name: d.F_Name, F_Category: d.F_Category, F_Description: d.F_Description, F_AuthType: d.F_AuthType });
      setAuthRows(
        d.F_AuthObjects.filter((o) => o.F_ObjType !== '4').map((o, i) => ({
          F_Id: o.F_Id ?? `a${i}`,
          F_ObjId: o.F_ObjId,
          F_ObjName: o.F_ObjName,
          F_ObjType: o.F_ObjType as '1' | '2' | '3',
        })),
      );
      setAuthDepartments(d.F_AuthObjects.filter((o) => o.F_ObjType === '4'));
      setForms(d.forms.map((f) => ({ F_FormId: f.F_FormId, F_Type: f.F_Type, F_Url: f.F_Url, F_Name: f.F_Name || f.F_FormName })));
    },
    [form],
  );

  /** The objects to store: none when everyone may launch. */
  const authObjects = (authType: number | undefined): Forwarder[] =>
    authType === 1 ? [...authRows.map((r) => ({ F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType })), ...authDepartments] : [];

  /** The body of the scheme's save (POST new, PUT otherwise) from the fields and the design's XML. */
  const saveBody = (values: SchemeFields, xml: string, publish: boolean) => ({
    F_Code: values.F_Code,
    F_Name: values.F_Name,
    F_Category: values.F_Category ?? '',
    F_Description: values.F_Description ?? '',
    F_Icon: '',
    F_Sort: 0,
    F_AuthType: values.F_AuthType ?? 0,
    F_AuthObjects: authObjects(values.F_AuthType),
    forms,
    xml,
    publish,
  });

  return { form, authRows, setAuthRows, authDepartments, setAuthDepartments, forms, setForms, fill, authObjects, saveBody };
}

export type SchemeFieldsState = ReturnType<typeof useSchemeFields>;
