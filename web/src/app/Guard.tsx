import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { useSession } from '../lib/session';
import { setNavigator } from '../lib/navigation';
import { useLock } from './lock/lock-state';
import { guardDecision } from './guard-rules';
import { peekReturnPath, storeReturnPath } from './auth-actions';

export function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const lock = useLock();
  useEffect(() => setNavigator((to, opts) => navigate(to, opts)), [navigate]);
  const unknownPath = useMatches().some((m) => (m.handle as { unknownPath?: boolean } | undefined)?.unknownPath);
  const decision = unknownPath ? {} : guardDecision(location.pathname, location.search, !!session, lock.locked);
  if (decision.returnTo) storeReturnPath(decision.returnTo);
  if (decision.redirect) {
    // After sign-in the guard sends /login to the stored return path (spec 2.2).
    const to = decision.redirect === '/' && location.pathname === '/login' ? peekReturnPath() : decision.redirect;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
