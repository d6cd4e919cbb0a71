import { useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { DeleteOutlined, SolutionOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PostPicker } from './PostPicker';
import { RolePicker } from './RolePicker';
import { UserPicker } from './UserPicker';

/** Forwarder row (web only): F_ObjType '1' post, '2' role, '3' person. */
export interface ForwarderRow {
  F_Id: string;
  F_ObjId: string;
  F_ObjName: string;
  F_ObjType: '1' | '2' | '3';
}

export interface ForwarderTableProps {
  /** Rows present from the start; they cannot be deleted. */
  initialRows?: ForwarderRow[];
  /** Controlled rows (defaults to internal state seeded with initialRows). */
  value?: ForwarderRow[];
  onChange?: (rows: ForwarderRow[]) => void;
  excludeUserIds?: string[];
}

const newRowId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/-/g, '');

/** Spec 2.10 forwarder table: post / role / person buttons; one row per chosen object; initial rows stay. */
export function ForwarderTable({ initialRows = [], value, onChange, excludeUserIds }: ForwarderTableProps) {
  const { t } = useTranslation('pickers');
  const [own, setOwn] = useState<ForwarderRow[]>(initialRows);
  const rows = value ?? own;
  const fixed = new Set(initialRows.map((r) => r.F_Id));
  const [open, setOpen] = useState<'post' | 'role' | 'person' | null>(null);
  const set = (next: ForwarderRow[]) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  const add = (type: ForwarderRow['F_ObjType'], objects: { id: string; name: string }[]) => {
    const have = new Set(rows.map((r) => `${r.F_ObjType}:${r.F_ObjId}`));
    const added = objects.filter((o) => !have.has(`${type}:${o.id}`)).map((o) => ({ F_Id: newRowId(), F_ObjId: o.id, F_ObjName: o.name, F_ObjType: type }));
    set([...rows, ...added]);
    setOpen(null);
  };
  const typeLabel: Record<ForwarderRow['F_ObjType'], string> = { '1': t('forwarder.post'), '2': t('forwarder.role'), '3': t('forwarder.person') };
  return (
    <div data-testid="forwarder-table">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" icon={<SolutionOutlined />} onClick={() => setOpen('post')} data-testid="forwarder-add-post">
          {t('forwarder.post')}
        </Button>
        <Button size="small" icon={<TeamOutlined />} onClick={() => setOpen('role')} data-testid="forwarder-add-role">
          {t('forwarder.role')}
        </Button>
        <Button size="small" icon={<UserAddOutlined />} onClick={() => setOpen('person')} data-testid="forwarder-add-person">
          {t('forwarder.person')}
        </Button>
      </Space>
      <Table<ForwarderRow>
        size="small"
        rowKey="F_Id"
        dataSource={rows}
        pagination={false}
        onRow={(r) => ({ 'data-testid': `forwarder-row-${r.F_ObjId}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('forwarder.type'), dataIndex: 'F_ObjType', width: 100, render: (v: ForwarderRow['F_ObjType']) => <Tag>{typeLabel[v]}</Tag> },
          { title: t('forwarder.name'), dataIndex: 'F_ObjName' },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 90,
            render: (_, r) =>
              fixed.has(r.F_Id) ? null : (
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => set(rows.filter((x) => x.F_Id !== r.F_Id))}
                  data-testid={`forwarder-delete-${r.F_ObjId}`}
                >
                  {t('delete')}
                </Button>
              ),
          },
        ]}
      />
      <PostPicker
        open={open === 'post'}
        onCancel={() => setOpen(null)}
        onOk={(posts) =>
          add(
            '1',
            posts.map((p) => ({ id: p.F_PostId, name: p.F_Name })),
          )
        }
      />
      <RolePicker
        open={open === 'role'}
        onCancel={() => setOpen(null)}
        onOk={(roles) =>
          add(
            '2',
            roles.map((r) => ({ id: r.F_RoleId, name: r.F_FullName })),
          )
        }
      />
      <UserPicker
        open={open === 'person'}
        excludeUserIds={excludeUserIds}
        onCancel={() => setOpen(null)}
        onOk={(_, users) =>
          add(
            '3',
            users.map((u) => ({ id: u.F_UserId, name: u.F_RealName || u.F_Account })),
          )
        }
      />
    </div>
  );
}
