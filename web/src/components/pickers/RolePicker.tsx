import { useState } from 'react';
import { App, Checkbox, Input, Modal, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rolePickerApi } from './api';
import type { RoleBrief } from './types';
import { exactMatch } from './shared';

export interface RoleRef {
  F_RoleId: string;
  F_FullName: string;
}

export interface RolePickerProps {
  open: boolean;
  value?: RoleRef[];
  single?: boolean;
  onOk: (roles: RoleRef[]) => void;
  onCancel: () => void;
}

/** Spec 2.10 / admin 5: role picker, search exact on name (empty restores), checkboxes, single option. */
export function RolePicker(props: RolePickerProps) {
  return props.open ? <RolePickerDialog {...props} /> : null;
}

function RolePickerDialog({ value, single, onOk, onCancel }: RolePickerProps) {
  const { t } = useTranslation('pickers');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<RoleRef[]>(value ?? []);
  const q = useQuery({ queryKey: ['role-picker', keyword], queryFn: () => rolePickerApi.list(keyword || undefined) });
  const rows = (q.data ?? []).filter((r) => exactMatch(keyword, r.F_FullName));
  const chosen = new Set(selected.map((r) => r.F_RoleId));
  const toggle = (r: RoleBrief) => {
    if (chosen.has(r.F_RoleId)) return setSelected(selected.filter((s) => s.F_RoleId !== r.F_RoleId));
    if (single && selected.length >= 1) {
      if (selected.length === 1) return setSelected([{ F_RoleId: r.F_RoleId, F_FullName: r.F_FullName }]);
      return void message.warning(t('user.singleOnly'));
    }
    setSelected([...selected, { F_RoleId: r.F_RoleId, F_FullName: r.F_FullName }]);
  };
  return (
    <Modal
      open
      width={640}
      title={t('role.title')}
      onCancel={onCancel}
      onOk={() => onOk(selected)}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'role-picker-ok' } as Record<string, string>}
    >
      <div data-testid="role-picker">
        <Input.Search
          allowClear
          placeholder={t('role.keyword')}
          onSearch={(v) => setKeyword(v.trim())}
          onChange={(e) => !e.target.value && setKeyword('')}
          style={{ width: 260, marginBottom: 8 }}
          data-testid="role-picker-search"
        />
        <Table<RoleBrief>
          size="small"
          rowKey="F_RoleId"
          loading={q.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 8, size: 'small', showSizeChanger: false }}
          onRow={(r) =>
            ({ onClick: () => toggle(r), 'data-testid': `role-picker-row-${r.F_RoleId}`, style: { cursor: 'pointer' } }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            { key: 'check', width: 40, render: (_, r) => <Checkbox checked={chosen.has(r.F_RoleId)} /> },
            { title: t('role.name'), dataIndex: 'F_FullName' },
            { title: t('role.code'), dataIndex: 'F_EnCode' },
          ]}
        />
        <Space wrap data-testid="role-picker-selected">
          {selected.map((r) => (
            <Tag key={r.F_RoleId} closable onClose={() => setSelected(selected.filter((s) => s.F_RoleId !== r.F_RoleId))}>
              {r.F_FullName}
            </Tag>
          ))}
        </Space>
      </div>
    </Modal>
  );
}
