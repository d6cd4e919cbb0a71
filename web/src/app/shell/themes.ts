import { theme as antdTheme, type ThemeConfig } from 'antd';
import defaultPreview from '../../assets/themes/default.svg';
import lightPreview from '../../assets/themes/lightTheme.svg';
import darkPreview from '../../assets/themes/darkTheme.svg';
import simplePreview from '../../assets/themes/simpleTheme.svg';
import eveningPreview from '../../assets/themes/eveningTheme.svg';
import { StorageKeys, readString, writeString } from '../../lib/storage';

export type ThemeName = 'default' | 'lightTheme' | 'darkTheme' | 'simpleTheme' | 'eveningTheme';
export type MenuLayout = 'side' | 'top';

/** Spec 9 / 2.5. */
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_COLOUR = '#409EFF';
export const THEME_SWITCH_DELAY_MS = 1000;

export interface ShellTheme {
  name: ThemeName;
  menuLayout: MenuLayout;
  preview: string;
  /** Sidebar / top bar colour scheme for antd Menu. */
  menuTheme: 'dark' | 'light';
  headerBg: string;
  headerText: string;
  config: (primary: string) => ThemeConfig;
}

export const THEMES: ShellTheme[] = [
  {
    name: 'default',
    menuLayout: 'side',
    preview: defaultPreview,
    menuTheme: 'dark',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.85)',
    config: (p) => ({ token: { colorPrimary: p, colorInfo: p, borderRadius: 4 } }),
  },
  {
    name: 'lightTheme',
    menuLayout: 'side',
    preview: lightPreview,
    menuTheme: 'light',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.85)',
    config: (p) => ({ token: { colorPrimary: p, colorInfo: p, borderRadius: 6, colorBgLayout: '#f5f7fa' } }),
  },
  {
    name: 'darkTheme',
    menuLayout: 'top',
    preview: darkPreview,
    menuTheme: 'dark',
    headerBg: '#141414',
    headerText: 'rgba(255,255,255,0.85)',
    config: (p) => ({
      algorithm: antdTheme.darkAlgorithm,
      token: { colorPrimary: p, colorInfo: p, borderRadius: 4 },
      components: { Layout: { headerBg: '#141414', bodyBg: '#000000' }, Menu: { darkItemBg: '#141414', darkPopupBg: '#1f1f1f' } },
    }),
  },
  {
    name: 'simpleTheme',
    menuLayout: 'top',
    preview: simplePreview,
    menuTheme: 'light',
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.85)',
    config: (p) => ({
      algorithm: antdTheme.compactAlgorithm,
      token: { colorPrimary: p === DEFAULT_COLOUR ? '#13c2c2' : p, borderRadius: 2, colorBgLayout: '#ffffff' },
    }),
  },
  {
    name: 'eveningTheme',
    menuLayout: 'top',
    preview: eveningPreview,
    menuTheme: 'dark',
    headerBg: '#1d1b3a',
    headerText: 'rgba(255,255,255,0.88)',
    config: (p) => ({
      algorithm: antdTheme.darkAlgorithm,
      // Links follow the amber primary (antd's default blue falls under 3:1 on the violet panels), and text on the
      // amber (primary buttons, the selected menu item) is the dark violet: white on amber is under 3:1.
      token: {
        colorPrimary: p === DEFAULT_COLOUR ? '#e6a23c' : p,
        colorLink: p === DEFAULT_COLOUR ? '#e6a23c' : p,
        borderRadius: 6,
        colorBgBase: '#16152b',
        colorBgContainer: '#232145',
        colorBgElevated: '#2b2950',
      },
      components: {
        Layout: { headerBg: '#1d1b3a', bodyBg: '#16152b' },
        Menu: { darkItemBg: '#1d1b3a', darkPopupBg: '#2b2950', darkItemSelectedBg: '#e6a23c', darkItemSelectedColor: '#16152b' },
        Button: { primaryColor: p === DEFAULT_COLOUR ? '#16152b' : '#ffffff' },
      },
    }),
  },
];

export const themeByName = (name: string): ShellTheme => THEMES.find((t) => t.name === name) ?? THEMES[0];

export function storedTheme(): ShellTheme {
  return themeByName(readString(StorageKeys.theme, DEFAULT_THEME));
}

export function storedMenuLayout(): MenuLayout {
  const v = readString(StorageKeys.menuLayout, '');
  return v === 'top' || v === 'side' ? v : storedTheme().menuLayout;
}

export function storedColour(): string {
  const enabled = readString(StorageKeys.colourEnabled, '') === 'true';
  return enabled ? readString(StorageKeys.colour, DEFAULT_COLOUR) || DEFAULT_COLOUR : DEFAULT_COLOUR;
}

/** Stores the theme and its menu layout (spec 2.5). */
export function saveTheme(name: ThemeName): void {
  const t = themeByName(name);
  writeString(StorageKeys.theme, t.name);
  writeString(StorageKeys.menuLayout, t.menuLayout);
}
