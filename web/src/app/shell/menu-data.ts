import { useQuery } from '@tanstack/react-query';
import { menuApi } from './api';
import { currentSystemId, useSession } from '../../lib/session';
import { StorageKeys, writeString } from '../../lib/storage';
import { createStore, useStore } from '../../lib/store';
import { filterByRoles } from './menu-utils';

export const systemIdStore = createStore<string>(currentSystemId(), (id) => writeString(StorageKeys.systemId, id));
export const useSystemId = (): string => useStore(systemIdStore);

export function useMenu() {
  const systemId = useSystemId();
  const session = useSession();
  const q = useQuery({
    queryKey: ['menu', systemId, session?.userInfo.F_UserId],
    queryFn: () => menuApi.menu(systemId),
    enabled: !!session,
  });
  return { ...q, menu: q.data ? filterByRoles(q.data, session?.userInfo) : [] };
}

export function useCommonMenu() {
  const session = useSession();
  return useQuery({ queryKey: ['menu-common'], queryFn: () => menuApi.common(), enabled: !!session, staleTime: Infinity });
}

export function useOtherLeaves() {
  const session = useSession();
  const q = useQuery({ queryKey: ['menu-other', session?.userInfo.F_UserId], queryFn: () => menuApi.other(), enabled: !!session });
  return { ...q, leaves: q.data ? filterByRoles(q.data, session?.userInfo) : [] };
}

export function useSystems() {
  const session = useSession();
  return useQuery({ queryKey: ['subsystems', session?.userInfo.F_UserId], queryFn: () => menuApi.subsystems(), enabled: !!session });
}
