/** Every key the web client keeps in the browser (spec section 3, "Locally stored keys"). */
export const StorageKeys = {
  language: 'app.language',
  colour: 'app.colour',
  colourEnabled: 'app.colourEnabled',
  theme: 'app.theme',
  menuLayout: 'app.menuLayout',
  tags: 'app.tags',
  session: 'app.session',
  systemId: 'app.systemId',
  indexUrl: 'app.indexUrl',
  errorLogSwitch: 'app.errorLog',
  desktopNotes: 'app.desktopNotes',
  /** Per-session (sessionStorage). */
  lock: 'app.isLock',
  lockPassword: 'app.lockPasswd',
  returnTo: 'app.returnTo',
} as const;

type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, fallback: T, kind: Area = 'local'): T {
  const raw = area(kind)?.getItem(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, kind: Area = 'local'): void {
  area(kind)?.setItem(key, JSON.stringify(value));
}

export function readString(key: string, fallback = '', kind: Area = 'local'): string {
  return area(kind)?.getItem(key) ?? fallback;
}

export function writeString(key: string, value: string, kind: Area = 'local'): void {
  area(kind)?.setItem(key, value);
}

export function removeKey(key: string, kind: Area = 'local'): void {
  area(kind)?.removeItem(key);
}
