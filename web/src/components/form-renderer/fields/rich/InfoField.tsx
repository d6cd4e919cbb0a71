import { useEffect } from 'react';
import { Input } from 'antd';
import dayjs from 'dayjs';
import type { UserInfo } from '@app/contracts';
import { useSession } from '../../../../lib/session';
import type { FieldProps } from '../../types';
import { useOrgNames } from './OrgFields';
import { useUserNames } from './UserField';

export const INFO_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type InfoType = NonNullable<FieldProps['field']['infoType']>;

/** The value an info field takes in add mode: the signed-in user's company / first department / id, or the current time. */
export function infoValue(type: InfoType, user: UserInfo | null | undefined, now: Date = new Date()): string {
  switch (type) {
    case 'company':
      return user?.F_Company?.F_CompanyId ?? '';
    case 'department':
      return user?.F_Department[0]?.F_DepartmentId ?? '';
    case 'user':
      return user?.F_UserId ?? '';
    case 'date':
      return dayjs(now).format(INFO_DATE_FORMAT);
  }
}

/** The signed-in user's own names need no look-up; other ids (a form opened by someone else) are resolved. */
function ownName(type: InfoType, id: string, user: UserInfo | null | undefined): string | undefined {
  if (!user || !id) return undefined;
  if (type === 'company') return user.F_Company?.F_CompanyId === id ? user.F_Company.F_FullName : undefined;
  if (type === 'department') return user.F_Department.find((d) => d.F_DepartmentId === id)?.F_FullName;
  if (type === 'user') return user.F_UserId === id ? user.F_RealName : undefined;
  return undefined;
}

/**
 * Info field (current company / department / user / date-time): always read-only; fills itself once in add mode
 * when empty (edit and look show what was stored). Ids are stored, names shown.
 */
export function InfoField({ field, value, onChange, form }: FieldProps) {
  const type: InfoType = field.infoType ?? 'user';
  const user = useSession()?.userInfo;
  const current = value === null || value === undefined ? '' : String(value);
  const fill = form.mode === 'add' && current === '' ? infoValue(type, user) : '';
  useEffect(() => {
    if (fill) onChange(fill);
    // Only the first empty render of an add form fills; onChange identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fill]);

  const shown = current || fill;
  const own = ownName(type, shown, user);
  const needsLookUp = type !== 'date' && !!shown && own === undefined;
  const orgNames = useOrgNames(type === 'company' ? 'company' : 'department', needsLookUp && (type === 'company' || type === 'department'));
  const userNames = useUserNames(needsLookUp && type === 'user' ? [shown] : []);
  const name = type === 'date' ? shown : (own ?? (type === 'user' ? userNames.get(shown) : orgNames.get(shown)) ?? shown);
  return <Input data-testid={`info-${field.__config__.formId}`} style={field.style} value={name} readOnly disabled />;
}
