import { StorageKeys, readString, removeKey, writeString } from '../../lib/storage';
import { createStore, useStore } from '../../lib/store';

/** Spec 9: lock navigation delay. */
export const LOCK_DELAY_MS = 100;

interface LockState {
  locked: boolean;
  password: string;
}

const read = (): LockState => ({
  locked: readString(StorageKeys.lock, '', 'session') === 'true',
  password: readString(StorageKeys.lockPassword, '', 'session'),
});

export const lockStore = createStore<LockState>(read(), (s) => {
  if (s.locked) writeString(StorageKeys.lock, 'true', 'session');
  else removeKey(StorageKeys.lock, 'session');
  if (s.password) writeString(StorageKeys.lockPassword, s.password, 'session');
  else removeKey(StorageKeys.lockPassword, 'session');
});

export const useLock = (): LockState => useStore(lockStore);
export const isLocked = (): boolean => lockStore.get().locked;
export const setLockPassword = (password: string): void => lockStore.set((s) => ({ ...s, password }));
export const lockScreen = (): void => lockStore.set((s) => ({ ...s, locked: true }));
/** Clearing resets both the flag and the password. */
export const clearLock = (): void => lockStore.set({ locked: false, password: '' });
export const reloadLock = (): void => lockStore.set(read());
