import type { LoginResult } from '@app/contracts';
import { startSession } from '../lib/session';

/** Signs a fake user in (session store only). */
export function signInForTest(permissions: string[] = []) {
  const login: LoginResult = {
    Token: 't1',
    RefreshToken: 'r1',
    FlowableToken: 'f1',
    UserInfo: {
      F_UserId: 'u1',
      F_Account: 'admin',
      F_RealName: 'Admin',
      F_Mobile: null,
      F_Email: null,
      F_Gender: 0,
      F_HeadIcon: null,
      F_TenantId: 't',
      F_TenantName: 'T',
      F_Company: null,
      F_Department: [],
      roles: [],
      permissions,
      tokenTime: 60,
    },
  };
  startSession(login);
}
