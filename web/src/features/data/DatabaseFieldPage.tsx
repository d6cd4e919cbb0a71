import { useState } from 'react';
import { Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { columnDataTypes, fieldBody, type FieldBody, type FieldRow } from '@app/contracts';
import { databaseFieldApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { dataPermissions as P } from './permissions';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

/** 常用字段: ready-made columns the table designer offers. */
export default function DatabaseFieldPage() {
  const { t } = useTranslation('data');
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const can = { edit: usePermission(P.fieldEdit), del: usePermission(P.fieldDelete) };
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<FieldBody> } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'database-field'] });
  const rules = useZodRules(fieldBody);
  return (
    <>
      <ListPage<FieldRow>
        queryKey="database-field"
        testId="database-field-page"
        rowKey="F_Id"
        rowTestId={(r) => `field-row-${r.F_FieldName}`}
        keywordPlaceholder={t('field.keyword')}
        fetch={(q) => databaseFieldApi.list(q)}
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            permission: P.fieldAdd,
            testId: 'field-add',
            onClick: () => setEditing({ id: null, values: { F_DataType: 'varchar', F_Length: 50, F_Nullable: true, F_SortCode: 0 } }),
          },
        ]}
        columns={[
          { title: t('field.name'), dataIndex: 'F_FieldName', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('field.type'), dataIndex: 'F_DataType' },
          { title: t('field.length'), dataIndex: 'F_Length', render: (v: number | null) => v ?? '' },
          {
            title: t('field.nullable'),
            dataIndex: 'F_Nullable',
            render: (v: boolean) => (v ? <Tag>{t('common:yes')}</Tag> : <Tag color="orange">{t('common:no')}</Tag>),
          },
          { title: t('field.default'), dataIndex: 'F_DefaultValue' },
          { title: t('field.remark'), dataIndex: 'F_Remark' },
          { title: t('common:sortCode'), dataIndex: 'F_SortCode', width: 80 },
          {
            title: t('common:actions'),
            key: 'a',
            render: (_, r) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('common:edit'),
                    hidden: !can.edit,
                    testId: `field-edit-${r.F_FieldName}`,
                    onClick: () => setEditing({ id: r.F_Id, values: r }),
                  },
                  {
                    key: 'delete',
                    label: t('common:delete'),
                    danger: true,
                    hidden: !can.del,
                    testId: `field-delete-${r.F_FieldName}`,
                    onClick: () => confirmDelete(r.F_FieldName, () => databaseFieldApi.remove(r.F_Id), refresh),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <FormModal<FieldBody>
        open={!!editing}
        title={editing?.id ? t('field.edit') : t('field.add')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        testId="field-form"
        onSubmit={async (v) => {
          const body = {
            ...v,
            F_Length: v.F_DataType === 'varchar' ? (v.F_Length ?? null) : null,
            F_DefaultValue: v.F_DefaultValue ?? '',
            F_Remark: v.F_Remark ?? '',
          };
          if (editing?.id) await databaseFieldApi.update(editing.id, body);
          else await databaseFieldApi.add(body);
          await refresh();
        }}
      >
        <Form.Item name="F_FieldName" label={t('field.name')} rules={rules('F_FieldName', t('field.name'), { messages: { pattern: t('design.namePattern') } })}>
          <Input maxLength={63} data-testid="field-name" />
        </Form.Item>
        <Form.Item name="F_DataType" label={t('field.type')} rules={rules('F_DataType', t('field.type'))}>
          <Select options={columnDataTypes.map((d) => ({ value: d, label: d }))} data-testid="field-type" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: FieldBody, b: FieldBody) => a.F_DataType !== b.F_DataType}>
          {({ getFieldValue }) => (
            <Form.Item name="F_Length" label={t('field.length')}>
              <InputNumber min={1} max={4000} disabled={getFieldValue('F_DataType') !== 'varchar'} data-testid="field-length" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="F_Nullable" label={t('field.nullable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="F_DefaultValue"
          label={t('field.default')}
          rules={rules('F_DefaultValue', t('field.default'))}
          tooltip={t('design.column.defaultHelp')}
        >
          <Input maxLength={4000} />
        </Form.Item>
        <Form.Item name="F_Remark" label={t('field.remark')} rules={rules('F_Remark', t('field.remark'))}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="F_SortCode" label={t('common:sortCode')}>
          <InputNumber />
        </Form.Item>
      </FormModal>
    </>
  );
}
