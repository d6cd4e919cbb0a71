import type { ClientLogEntry } from '@app/contracts';
import { createStore } from './store';

/** Local client error logs (spec 2.6), kept in memory for this page. */
export const errorLogStore = createStore<ClientLogEntry[]>([]);

const MAX = 200;

export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** yyyy-MM-dd HH:mm:ss (spec 9). */
export function formatTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function addErrorLog(entry: Omit<ClientLogEntry, 'time' | 'url' | 'info' | 'stack'> & Partial<ClientLogEntry>): void {
  const full: ClientLogEntry = {
    url: entry.url ?? window.location.href,
    time: entry.time ?? formatTime(),
    type: entry.type,
    message: (entry.message || '').slice(0, 4000),
    stack: (entry.stack ?? '').slice(0, 20000),
    info: (entry.info ?? '').slice(0, 4000),
  };
  errorLogStore.set((list) => [full, ...list].slice(0, MAX));
}

export function clearErrorLogs(): void {
  errorLogStore.set([]);
}

/** Window errors and unhandled rejections go into the local list. */
export function installErrorCapture(): () => void {
  const onError = (e: ErrorEvent) => {
    addErrorLog({ type: 'error', message: e.message || String(e.error), stack: e.error instanceof Error ? (e.error.stack ?? '') : '' });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    if (reason instanceof Error && reason.name === 'ApiError') return; // already logged by the api client
    addErrorLog({
      type: 'unhandledrejection',
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? (reason.stack ?? '') : '',
    });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
