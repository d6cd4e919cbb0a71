import { StorageKeys, readString } from '../../lib/storage';

/**
 * Top-bar switches (spec 2.3). Defaults: tag, collapse, search, lock, fullscreen, theme, menu, notice on;
 * debug and colour off. Language is on here because the issue asks for the zh/en switch.
 * The error log shows in development builds, or when localStorage 'app.errorLog' is 'true'.
 */
export const switches = {
  tag: true,
  collapse: true,
  search: true,
  lock: true,
  fullscreen: true,
  theme: true,
  menu: true,
  notice: true,
  debug: false,
  colour: false,
  lang: true,
  errorLog: import.meta.env.DEV || readString(StorageKeys.errorLogSwitch, '') === 'true',
};
