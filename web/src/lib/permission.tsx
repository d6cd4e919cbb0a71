import type { ReactNode } from 'react';
import { useSession } from './session';

/** True when the signed-in user holds the permission key (UserInfo.permissions). */
export function usePermission(key: string | undefined): boolean {
  const session = useSession();
  if (!key) return true;
  return session?.userInfo.permissions.includes(key) ?? false;
}

export function Authorized({ permission, children, fallback = null }: { permission?: string; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(permission) ? <>{children}</> : <>{fallback}</>;
}
