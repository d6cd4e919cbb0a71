import { useState } from 'react';
import { Input, Modal, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldRow } from '@app/contracts';
import { databaseFieldApi } from './api';

/** Picks rows of the common-fields library to append as columns. */
export function FieldPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (rows: FieldRow[]) => void }) {
  const { t } = useTranslation('data');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<FieldRow[]>([]);
  const list = useQuery({
    queryKey: ['database-field-picker', keyword, page],
    queryFn: () => databaseFieldApi.list({ limit: page, size: 10, keyword }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open={open}
      title={t('design.fromFields')}
      width={760}
      onCancel={onClose}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !selected.length, 'data-testid': 'field-picker-ok' } as { disabled: boolean }}
      onOk={() => {
        onPick(selected);
        setSelected([]);
        onClose();
      }}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('field.keyword')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table<FieldRow>
        size="small"
        rowKey="F_Id"
        data-testid="field-picker"
        loading={list.isFetching}
        dataSource={list.data?.Rows ?? []}
        rowSelection={{ selectedRowKeys: selected.map((s) => s.F_Id), preserveSelectedRowKeys: true, onChange: (_, rows) => setSelected(rows.filter(Boolean)) }}
        pagination={{ current: page, pageSize: 10, total: list.data?.Total ?? 0, onChange: setPage, size: 'small' }}
        columns={[
          { title: t('field.name'), dataIndex: 'F_FieldName' },
          { title: t('field.type'), dataIndex: 'F_DataType', render: (v: string, r) => (r.F_Length ? `${v}(${r.F_Length})` : v) },
          { title: t('field.default'), dataIndex: 'F_DefaultValue' },
          { title: t('field.remark'), dataIndex: 'F_Remark' },
        ]}
      />
    </Modal>
  );
}
