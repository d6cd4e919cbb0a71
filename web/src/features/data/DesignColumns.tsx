import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tooltip, type FormListFieldData, type TableColumnsType } from 'antd';
import { PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnDataTypes, tableColumn } from '@app/contracts';
import { removeRowColumn } from './design-rows';
import { useZodRules } from '../../lib/zod-rules';
import { newColumn, type ColumnForm, type DesignForm, type ReleasedParts } from './table-design';

/** The columns tab: one editable row a column; released columns are read-only. */
export function DesignColumns({ released, onPickFields }: { released: ReleasedParts | null; onPickFields: () => void }) {
  const { t } = useTranslation('data');
  const form = Form.useFormInstance<DesignForm>();
  const columns = Form.useWatch('columns', form) ?? [];
  const isReleased = (i: number) => !!released && !!columns[i]?.name && released.columns.includes(columns[i].name);
  const cells = useColumnCells(columns, isReleased);
  return (
    <Form.List name="columns">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            bordered
            rowKey="key"
            dataSource={fields}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="design-columns"
            columns={[...cells, removeRowColumn(isReleased, remove, t('common:delete'))]}
          />
          <Space style={{ marginTop: 8 }}>
            <Button icon={<PlusOutlined />} data-testid="design-add-column" onClick={() => add(newColumn())}>
              {t('design.addColumn')}
            </Button>
            <Button icon={<ProfileOutlined />} data-testid="design-pick-fields" onClick={onPickFields}>
              {t('design.fromFields')}
            </Button>
          </Space>
        </>
      )}
    </Form.List>
  );
}

/** The editing cells of a column row, from name to comment. */
function useColumnCells(columns: ColumnForm[], isReleased: (row: number) => boolean): TableColumnsType<FormListFieldData> {
  const { t } = useTranslation('data');
  const rules = useZodRules(tableColumn);
  return [
    {
      title: t('design.column.name'),
      key: 'name',
      width: 200,
      render: (_, f) => (
        <Form.Item
          name={[f.name, 'name']}
          rules={rules('name', t('design.column.name'), { messages: { pattern: t('design.namePattern') } })}
          style={{ margin: 0 }}
        >
          <Input maxLength={63} disabled={isReleased(f.name)} data-testid={`design-col-name-${f.name}`} />
        </Form.Item>
      ),
    },
    {
      title: t('design.column.type'),
      key: 'type',
      width: 130,
      render: (_, f) => (
        <Form.Item name={[f.name, 'dataType']} rules={rules('dataType', t('design.column.type'))} style={{ margin: 0 }}>
          <Select disabled={isReleased(f.name)} options={columnDataTypes.map((d) => ({ value: d, label: d }))} data-testid={`design-col-type-${f.name}`} />
        </Form.Item>
      ),
    },
    {
      title: t('design.column.length'),
      key: 'length',
      width: 180,
      render: (_, f) => {
        const type = columns[f.name]?.dataType;
        if (type === 'decimal')
          return (
            <Space.Compact>
              <Form.Item name={[f.name, 'precision']} noStyle>
                <InputNumber min={1} max={38} placeholder="18" disabled={isReleased(f.name)} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'scale']} noStyle>
                <InputNumber min={0} max={38} placeholder="2" disabled={isReleased(f.name)} style={{ width: 70 }} />
              </Form.Item>
            </Space.Compact>
          );
        return (
          <Form.Item name={[f.name, 'length']} noStyle>
            <InputNumber
              min={1}
              max={4000}
              placeholder={type === 'varchar' ? '255' : ''}
              disabled={type !== 'varchar' || isReleased(f.name)}
              style={{ width: 100 }}
            />
          </Form.Item>
        );
      },
    },
    ...(['nullable', 'primaryKey', 'identity'] as const).map((k) => ({
      title: t(`design.column.${k}`),
      key: k,
      width: 70,
      align: 'center' as const,
      render: (_: unknown, f: FormListFieldData) => (
        <Form.Item name={[f.name, k]} valuePropName="checked" noStyle>
          <Checkbox
            disabled={isReleased(f.name) || (k === 'identity' && !['int', 'bigint'].includes(columns[f.name]?.dataType ?? ''))}
            data-testid={`design-col-${k}-${f.name}`}
          />
        </Form.Item>
      ),
    })),
    {
      title: <Tooltip title={t('design.column.defaultHelp')}>{t('design.column.default')}</Tooltip>,
      key: 'default',
      width: 160,
      render: (_, f) => (
        <Form.Item name={[f.name, 'defaultValue']} noStyle>
          <Input maxLength={4000} disabled={isReleased(f.name) || !!columns[f.name]?.identity} />
        </Form.Item>
      ),
    },
    {
      title: t('design.column.comment'),
      key: 'comment',
      width: 200,
      render: (_, f) => (
        <Form.Item name={[f.name, 'comment']} rules={rules('comment', t('design.column.comment'))} noStyle>
          <Input maxLength={500} disabled={isReleased(f.name)} />
        </Form.Item>
      ),
    },
  ];
}
