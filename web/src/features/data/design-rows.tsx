import { Button, type FormListFieldData } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

/** The last cell of a column or index row: removes the row, unless it is already released. */
export function removeRowColumn(isReleased: (row: number) => boolean, remove: (row: number) => void, label: string) {
  return {
    key: 'x',
    width: 48,
    render: (_: unknown, f: FormListFieldData) => (
      <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={isReleased(f.name)} onClick={() => remove(f.name)} aria-label={label} />
    ),
  };
}
