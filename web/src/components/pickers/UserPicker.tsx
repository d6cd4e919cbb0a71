import { useEffect, useMemo, useState } from 'react';
import { App, Button, Checkbox, Empty, Input, Modal, Space, Table, Tag, Tree, Typography } from 'antd';
import { ManOutlined, StopOutlined, WomanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orgPickerApi, userBriefApi } from './api';
import type { OrgNode, UserBrief } from './types';
import { exactMatch, orgTreeData, PICKER_PAGE_SIZE, useOrgTree } from './shared';

export interface UserPickerProps {
  open: boolean;
  /** Initially chosen user ids (resolved with GET /users/multi/{ids}). */
  value?: string[];
  /** One person only (spec 5 message on a second choice). */
  single?: boolean;
  /** Users that cannot be chosen and are not listed (e.g. the current user, spec 5). */
  excludeUserIds?: string[];
  title?: string;
  onOk: (ids: string[], users: UserBrief[]) => void;
  onCancel: () => void;
}

interface OrgSel {
  type: 'company' | 'department';
  id: string;
}

export function GenderIcon({ gender }: { gender: number | string | null | undefined }) {
  return String(gender) === '1' ? (
    <WomanOutlined style={{ color: '#eb2f96' }} data-testid="gender-female" />
  ) : (
    <ManOutlined style={{ color: '#1677ff' }} data-testid="gender-male" />
  );
}

/** Spec 2.10 user picker: company/department tree, paged user list, selected list, all / none / invert. */
export function UserPicker(props: UserPickerProps) {
  return props.open ? <UserPickerDialog {...props} /> : null;
}

function UserPickerDialog({ value, single, excludeUserIds, title, onOk, onCancel }: UserPickerProps) {
  const { t } = useTranslation('pickers');
  const { message } = App.useApp();
  const tree = useOrgTree();
  const [node, setNode] = useState<OrgSel | null>(null);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<UserBrief[]>([]);
  const excluded = useMemo(() => new Set(excludeUserIds ?? []), [excludeUserIds]);

  const first: OrgNode | undefined = tree.data?.[0];
  const current: OrgSel | null = node ?? (first ? { type: first.type, id: first.id } : null);

  const initialIds = (value ?? []).filter((id) => !excluded.has(id));
  const initial = useQuery({
    queryKey: ['users-multi', initialIds.join(',')],
    queryFn: () => userBriefApi.byIds(initialIds),
    enabled: initialIds.length > 0,
    staleTime: 0,
  });
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    if (!seeded && initial.data) {
      setSelected(initial.data.filter((u) => !excluded.has(u.F_UserId)));
      setSeeded(true);
    }
  }, [seeded, initial.data, excluded]);

  const list = useQuery({
    queryKey: ['user-picker', current?.type, current?.id, keyword, page],
    queryFn: () =>
      orgPickerApi.users(current!, {
        keyword: keyword || undefined,
        limit: page,
        size: PICKER_PAGE_SIZE,
      }),
    enabled: !!current,
  });
  const rows = (list.data?.Rows ?? []).filter((u) => !excluded.has(u.F_UserId) && exactMatch(keyword, u.F_RealName, u.F_Account));
  const selectable = rows.filter((u) => u.F_EnabledMark !== 0);
  const chosen = new Set(selected.map((u) => u.F_UserId));

  const tooMany = () => void message.warning(t('user.singleOnly'));
  const setChosen = (next: UserBrief[]) => {
    if (single && next.length > 1) return tooMany();
    setSelected(next);
  };
  const toggle = (u: UserBrief) => {
    if (u.F_EnabledMark === 0 || excluded.has(u.F_UserId)) return;
    if (chosen.has(u.F_UserId)) setSelected(selected.filter((s) => s.F_UserId !== u.F_UserId));
    else setChosen([...selected, u]);
  };
  const selectAll = () => setChosen([...selected, ...selectable.filter((u) => !chosen.has(u.F_UserId))]);
  const selectNone = () => {
    const page = new Set(rows.map((u) => u.F_UserId));
    setSelected(selected.filter((u) => !page.has(u.F_UserId)));
  };
  const invert = () => {
    const page = new Set(selectable.map((u) => u.F_UserId));
    setChosen([...selected.filter((u) => !page.has(u.F_UserId)), ...selectable.filter((u) => !chosen.has(u.F_UserId))]);
  };
  const search = (text: string) => {
    setKeyword(text.trim());
    setPage(1);
  };

  return (
    <Modal
      open
      width={960}
      title={title ?? t('user.title')}
      onCancel={onCancel}
      onOk={() =>
        onOk(
          selected.map((u) => u.F_UserId),
          selected,
        )
      }
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'user-picker-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <div data-testid="user-picker" style={{ display: 'flex', gap: 12, minHeight: 420 }}>
        <div style={{ width: 240, flex: 'none', borderRight: '1px solid rgba(5,5,5,0.06)', overflow: 'auto', maxHeight: 520 }} data-testid="user-picker-tree">
          {tree.data && tree.data.length > 0 ? (
            <Tree
              blockNode
              defaultExpandAll
              treeData={orgTreeData(tree.data)}
              selectedKeys={current ? [`${current.type}:${current.id}`] : []}
              onSelect={(_, info) => {
                const n = info.node as unknown as { type: OrgSel['type']; id: string };
                setNode({ type: n.type, id: n.id });
                setPage(1);
              }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Input.Search
              allowClear
              value={input}
              placeholder={t('user.keyword')}
              onChange={(e) => {
                setInput(e.target.value);
                if (!e.target.value) search('');
              }}
              onSearch={search}
              style={{ width: 240 }}
              data-testid="user-picker-search"
            />
            <Button size="small" onClick={selectAll} data-testid="user-picker-all">
              {t('selectAll')}
            </Button>
            <Button size="small" onClick={selectNone} data-testid="user-picker-none">
              {t('selectNone')}
            </Button>
            <Button size="small" onClick={invert} data-testid="user-picker-invert">
              {t('invert')}
            </Button>
          </Space>
          <Table<UserBrief>
            size="small"
            rowKey="F_UserId"
            loading={list.isFetching}
            dataSource={rows}
            onRow={(u) =>
              ({
                onClick: () => toggle(u),
                'data-testid': `user-picker-row-${u.F_UserId}`,
                style: { cursor: u.F_EnabledMark === 0 ? 'not-allowed' : 'pointer' },
              }) as React.HTMLAttributes<HTMLElement>
            }
            pagination={{ current: page, pageSize: PICKER_PAGE_SIZE, total: list.data?.Total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }}
            columns={[
              {
                key: 'check',
                width: 40,
                render: (_, u) => (
                  <Checkbox checked={chosen.has(u.F_UserId)} disabled={u.F_EnabledMark === 0} data-testid={`user-picker-check-${u.F_UserId}`} />
                ),
              },
              {
                title: t('user.realName'),
                dataIndex: 'F_RealName',
                render: (v: string, u) => (
                  <Space size={4}>
                    <GenderIcon gender={u.F_Gender} />
                    <span>{v}</span>
                    {u.F_EnabledMark === 0 && (
                      <Tag icon={<StopOutlined />} color="default" data-testid={`user-picker-disabled-${u.F_UserId}`}>
                        {t('disabled')}
                      </Tag>
                    )}
                  </Space>
                ),
              },
              { title: t('user.account'), dataIndex: 'F_Account' },
              { title: t('user.department'), dataIndex: 'F_DepartmentName' },
            ]}
          />
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t('user.selected', { count: selected.length })}
            </Typography.Text>
            <div data-testid="user-picker-selected" style={{ minHeight: 32, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
              {selected.map((u) => (
                <Tag
                  key={u.F_UserId}
                  closable
                  onClose={() => setSelected(selected.filter((s) => s.F_UserId !== u.F_UserId))}
                  data-testid={`user-picker-selected-${u.F_UserId}`}
                >
                  {u.F_RealName || u.F_Account}
                </Tag>
              ))}
            </div>
          </div>
        </div>
      </div>
    </Modal>
  );
}
