import { Button, Checkbox, Form, Input, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { tableIndex } from '@app/contracts';
import { removeRowColumn } from './design-rows';
import { useZodRules } from '../../lib/zod-rules';
import { NAME_PATTERN, type DesignForm, type ReleasedParts } from './table-design';

/** The indexes tab: one editable row an index over the design's validly named columns; released indexes are read-only. */
export function DesignIndexes({ released }: { released: ReleasedParts | null }) {
  const { t } = useTranslation('data');
  const rules = useZodRules(tableIndex);
  const form = Form.useFormInstance<DesignForm>();
  const columns = Form.useWatch('columns', form) ?? [];
  const indexes = Form.useWatch('indexes', form) ?? [];
  const columnNames = columns.map((c) => c?.name).filter((n): n is string => !!n && NAME_PATTERN.test(n));
  const isReleasedIndex = (i: number) => !!released && !!indexes[i]?.name && released.indexes.includes(indexes[i].name);
  return (
    <Form.List name="indexes">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            bordered
            rowKey="key"
            dataSource={fields}
            pagination={false}
            data-testid="design-indexes"
            columns={[
              {
                title: t('design.index.name'),
                key: 'name',
                width: 220,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'name']}
                    rules={rules('name', t('design.index.name'), { messages: { pattern: t('design.namePattern') } })}
                    style={{ margin: 0 }}
                  >
                    <Input maxLength={63} disabled={isReleasedIndex(f.name)} />
                  </Form.Item>
                ),
              },
              {
                title: t('design.index.columns'),
                key: 'columns',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'columns']} rules={rules('columns', t('design.index.columns'))} style={{ margin: 0 }}>
                    <Select mode="multiple" disabled={isReleasedIndex(f.name)} options={columnNames.map((n) => ({ value: n, label: n }))} />
                  </Form.Item>
                ),
              },
              {
                title: t('design.index.unique'),
                key: 'unique',
                width: 70,
                align: 'center',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'unique']} valuePropName="checked" noStyle>
                    <Checkbox disabled={isReleasedIndex(f.name)} />
                  </Form.Item>
                ),
              },
              removeRowColumn(isReleasedIndex, remove, t('common:delete')),
            ]}
          />
          <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} data-testid="design-add-index" onClick={() => add({ name: '', columns: [], unique: false })}>
            {t('design.addIndex')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
