import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { joinMulti, splitMulti } from '@app/contracts';
import { userBriefApi } from '../../../pickers/api';
import { UserPicker } from '../../../pickers';
import type { FieldProps } from '../../types';

/**
 * Names of users by id (GET /users/multi/{ids}, the call the user picker resolves its initial choice with, under
 * the same query key). Ids the server does not know show as themselves; a failed look-up is silent (spec 8).
 */
export function useUserNames(ids: readonly string[]): Map<string, string> {
  const list = useQuery({
    queryKey: ['users-multi', ids.join(',')],
    queryFn: () => userBriefApi.byIds(ids, true),
    enabled: ids.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const names = new Map<string, string>();
  for (const u of list.data ?? []) names.set(u.F_UserId, u.F_RealName || u.F_Account);
  return names;
}

/** User picker field: the user picker in a dialog; the ids are stored (comma-joined when multiple), names are shown. */
export function UserField({ field, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation('formFields');
  const [open, setOpen] = useState(false);
  const ids = splitMulti(value).filter(Boolean);
  const names = useUserNames(ids);
  const multiple = field.multiple === true;
  const testId = `user-${field.__config__.formId}`;
  const remove = (id: string) => onChange(joinMulti(ids.filter((x) => x !== id)));
  return (
    <div data-testid={testId} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', minHeight: 32, ...field.style }}>
      {ids.map((id) => (
        <Tag key={id} style={{ margin: 0 }} closable={!disabled} onClose={() => remove(id)} data-testid={`${testId}-tag-${id}`}>
          {names.get(id) ?? id}
        </Tag>
      ))}
      {disabled ? (
        ids.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>
      ) : (
        <Space>
          <Button size="small" icon={<UserOutlined />} onClick={() => setOpen(true)} data-testid={`${testId}-choose`}>
            {field.placeholder || t('chooseUser')}
          </Button>
        </Space>
      )}
      <UserPicker
        open={open && !disabled}
        single={!multiple}
        value={ids}
        onCancel={() => setOpen(false)}
        onOk={(chosen) => {
          setOpen(false);
          onChange(joinMulti(multiple ? chosen : chosen.slice(0, 1)));
        }}
      />
    </div>
  );
}
