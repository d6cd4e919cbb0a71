import { useState } from 'react';
import { Button, ColorPicker, Modal, Spin, Switch, Tooltip } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StorageKeys, readString, writeString } from '../../lib/storage';
import { DEFAULT_COLOUR, THEMES, THEME_SWITCH_DELAY_MS, saveTheme, storedTheme, type ThemeName } from './themes';

/** Spec 2.5: choose one of five themes; a 1 s loading overlay, then reload. */
export function ThemeButton() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ThemeName>(storedTheme().name);
  const [switching, setSwitching] = useState(false);
  const [colourOn, setColourOn] = useState(readString(StorageKeys.colourEnabled, '') === 'true');
  const [colour, setColour] = useState(readString(StorageKeys.colour, DEFAULT_COLOUR) || DEFAULT_COLOUR);
  const confirm = () => {
    setOpen(false);
    setSwitching(true);
    saveTheme(choice);
    writeString(StorageKeys.colourEnabled, String(colourOn));
    writeString(StorageKeys.colour, colour);
    setTimeout(() => window.location.reload(), THEME_SWITCH_DELAY_MS);
  };
  return (
    <>
      <Tooltip title={t('theme.title')}>
        <Button type="text" icon={<BgColorsOutlined />} data-testid="theme-button" onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal
        title={t('theme.title')}
        open={open}
        width={720}
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        okButtonProps={{ 'data-testid': 'theme-confirm' } as Record<string, string>}
      >
        <div className="app-theme-grid" data-testid="theme-dialog">
          {THEMES.map((th) => (
            <button
              type="button"
              key={th.name}
              data-testid={`theme-option-${th.name}`}
              aria-pressed={choice === th.name}
              className={`app-theme-option${choice === th.name ? ' is-active' : ''}`}
              onClick={() => setChoice(th.name)}
            >
              <img src={th.preview} alt={t(`theme.names.${th.name}`)} width={120} height={80} />
              <span>{t(`theme.names.${th.name}`)}</span>
            </button>
          ))}
        </div>
        <div style={{ marginTop: 16, display: 'flex', alignItems: 'center', gap: 12 }}>
          <Switch size="small" checked={colourOn} onChange={setColourOn} data-testid="theme-colour-switch" />
          <span>{t('theme.customColour')}</span>
          {colourOn && <ColorPicker value={colour} onChangeComplete={(c) => setColour(c.toHexString())} showText />}
        </div>
      </Modal>
      {switching && <Spin fullscreen spinning tip={t('theme.switching')} data-testid="theme-loading" />}
    </>
  );
}
