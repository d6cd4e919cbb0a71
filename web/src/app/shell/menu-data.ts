import { useQuery } from '@tanstack/react-query';
import type { MenuItem, Subsystem } from '@app/contracts';
import { api } from '../../lib/api';
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
    queryFn: () => api.get<MenuItem[]>('/modules/vue', { systemId }),
    enabled: !!session,
  });
  return { ...q, menu: q.data ? filterByRoles(q.data, session?.userInfo) : [] };
}

export function useCommonMenu() {
  const session = useSession();
  return useQuery({ queryKey: ['menu-common'], queryFn: () => api.get<MenuItem[]>('/modules/common'), enabled: !!session, staleTime: Infinity });
}

export function useOtherLeaves() {
  const session = useSession();
  const q = useQuery({ queryKey: ['menu-other', session?.userInfo.F_UserId], queryFn: () => api.get<MenuItem[]>('/modules/other'), enabled: !!session });
  return { ...q, leaves: q.data ? filterByRoles(q.data, session?.userInfo) : [] };
}

export function useSystems() {
  const session = useSession();
  return useQuery({ queryKey: ['subsystems', session?.userInfo.F_UserId], queryFn: () => api.get<Subsystem[]>('/subsystem'), enabled: !!session });
}
