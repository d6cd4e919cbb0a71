import { useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { UserPicker } from '../../components/pickers';
import { userBriefApi } from '../../components/pickers/api';

interface UsersFieldProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Names the server already gave with the ids (same order); others are looked up. */
  initialNames?: string[];
  max: number;
  buttonText: string;
  pickerTitle: string;
  tooMany: string;
  testId: string;
  /** data-testid of each tag: `${tagTestId}-${userId}`. */
  tagTestId?: string;
}

/** Users of a task's form as tags (names known or looked up), chosen with the user picker, at most `max`. */
export function UsersField({ value = [], onChange, initialNames = [], max, buttonText, pickerTitle, tooMany, testId, tagTestId }: UsersFieldProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Record<string, string>>(() =>
    Object.fromEntries(value.flatMap((id, i) => (initialNames[i] ? [[id, initialNames[i]]] : []))),
  );
  const unknown = value.filter((id) => !known[id]);
  const stored = useQuery({
    queryKey: ['users-multi', unknown.join(',')],
    queryFn: () => userBriefApi.byIds(unknown, true),
    enabled: unknown.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const names: Record<string, string> = { ...Object.fromEntries((stored.data ?? []).map((u) => [u.F_UserId, u.F_RealName || u.F_Account])), ...known };
  return (
    <>
      <Space wrap>
        <Button icon={<TeamOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
          {buttonText} ({value.length})
        </Button>
        {value.map((id) => (
          <Tag key={id} closable onClose={() => onChange?.(value.filter((v) => v !== id))} data-testid={tagTestId ? `${tagTestId}-${id}` : undefined}>
            {names[id] ?? id}
          </Tag>
        ))}
      </Space>
      <UserPicker
        open={open}
        value={value}
        title={pickerTitle}
        onCancel={() => setOpen(false)}
        onOk={(ids, users) => {
          if (ids.length > max) {
            void message.warning(tooMany);
            return;
          }
          setKnown((n) => ({ ...n, ...Object.fromEntries(users.map((u) => [u.F_UserId, u.F_RealName || u.F_Account])) }));
          onChange?.(ids);
          setOpen(false);
        }}
      />
    </>
  );
}
