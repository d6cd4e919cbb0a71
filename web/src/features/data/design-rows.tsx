import { Button, type FormListFieldData } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAME_PATTERN } from './table-design';

/** Required, and a plain SQL identifier: the rules of the table, column and index name inputs. */
export function useNameRules() {
  const { t } = useTranslation('data');
  return (label: string) => [
    { required: true, message: t('common:required', { label }) },
    { pattern: NAME_PATTERN, message: t('design.namePattern') },
  ];
}

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
