import type { ReactNode } from 'react';
import { Form, Radio, TreeSelect, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Forwarder } from '@app/contracts';
import { ForwarderTable, useOrgTree, type ForwarderRow } from '../../../components/pickers';
import { departmentTree } from './department-tree';
import type { SchemeFields } from './useSchemeFields';

interface SchemeAuthFieldProps {
  form: FormInstance<SchemeFields>;
  authRows: ForwarderRow[];
  onAuthRowsChange: (rows: ForwarderRow[]) => void;
  authDepartments: Forwarder[];
  onAuthDepartmentsChange: (departments: Forwarder[]) => void;
}

/** Who may launch the scheme: everyone, or the chosen users / roles / posts and departments. */
export function SchemeAuthField({ form, authRows, onAuthRowsChange, authDepartments, onAuthDepartmentsChange }: SchemeAuthFieldProps) {
  const { t } = useTranslation('wfDesigner');
  const authType = Form.useWatch('F_AuthType', form);
  // The organisation is only read when objects are chosen.
  const org = useOrgTree(authType === 1);
  return (
    <>
      <Form.Item name="F_AuthType" label={t('field.authType')}>
        <Radio.Group
          options={[
            { value: 0, label: t('authType.everyone') },
            { value: 1, label: t('authType.objects') },
          ]}
          data-testid="wfd-authType"
        />
      </Form.Item>
      {authType === 1 && (
        <div data-testid="wfd-auth-objects">
          <ForwarderTable value={authRows} onChange={onAuthRowsChange} />
          <Form.Item label={t('field.authDepartments')} style={{ marginTop: 8 }}>
            <TreeSelect
              multiple
              treeCheckable
              treeCheckStrictly
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              value={authDepartments.map((d) => ({ value: `department:${d.F_ObjId}`, label: d.F_ObjName }))}
              treeData={departmentTree(org.data ?? [])}
              onChange={(vals: { value: string; label: ReactNode }[]) =>
                onAuthDepartmentsChange(vals.map((v) => ({ F_ObjId: String(v.value).replace(/^department:/, ''), F_ObjName: String(v.label), F_ObjType: '4' })))
              }
              data-testid="wfd-auth-departments"
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
