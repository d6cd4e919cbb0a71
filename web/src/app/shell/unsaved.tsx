import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Unsaved changes of the open page (a designer): the page registers its dirty state with useUnsavedChanges; the
 * shell's LeaveGuard asks before an in-app navigation leaves it (menu, tab, browser back), the tab bar asks before
 * closing its tab, a reload or closing the browser gets the browser's own question (beforeunload).
 */
const owners = new Set<symbol>();

export const hasUnsavedChanges = (): boolean => owners.size > 0;

/** Forgets every page's unsaved changes (the user chose to leave them). */
export function discardUnsavedChanges(): void {
  owners.clear();
}

type ModalApi = ReturnType<typeof App.useApp>['modal'];
type T = (key: string) => string;

/** The one question: resolves true when the user leaves anyway. */
export function askLeave(modal: ModalApi, t: T): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: t('layout:unsaved.title'),
      content: t('layout:unsaved.content'),
      okText: t('layout:unsaved.leave'),
      cancelText: t('layout:unsaved.stay'),
      okButtonProps: { danger: true, 'data-testid': 'unsaved-leave' } as { danger: boolean },
      cancelButtonProps: { type: 'default', 'data-testid': 'unsaved-stay' } as { type: 'default' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Runs `go` at once without unsaved changes, else after the user chose to leave them. */
export function useLeaveGuard(): (go: () => void) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation('layout');
  return useCallback(
    (go: () => void) => {
      if (!hasUnsavedChanges()) return go();
      void askLeave(modal, t).then((ok) => {
        if (!ok) return;
        discardUnsavedChanges();
        go();
      });
    },
    [modal, t],
  );
}

/**
 * Registers the page's unsaved changes while `dirty`. Returns `saved`, to call right after a successful save that
 * navigates in the same moment (the registration otherwise follows `dirty` on the next render), and `leave`, the
 * guard for the page's own way out (a back button).
 */
export function useUnsavedChanges(dirty: boolean): { saved: () => void; leave: (go: () => void) => void } {
  const key = useRef<symbol>(null);
  key.current ??= Symbol('unsaved');
  useEffect(() => {
    const k = key.current!;
    if (dirty) owners.add(k);
    else owners.delete(k);
  });
  useEffect(() => () => void owners.delete(key.current!), []);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!owners.has(key.current!)) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  const saved = useCallback(() => void owners.delete(key.current!), []);
  return { saved, leave: useLeaveGuard() };
}

/** Mounted by the shell (a data router): asks before an in-app navigation leaves a page with unsaved changes. */
export function LeaveGuard() {
  const { modal } = App.useApp();
  const { t } = useTranslation('layout');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void askLeave(modal, t).then((ok) => {
      asking.current = false;
      if (ok) {
        discardUnsavedChanges();
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, modal, t]);
  return null;
}
