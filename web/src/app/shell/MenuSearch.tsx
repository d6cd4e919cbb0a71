import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, theme, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@app/contracts';
import { menuLabel, menuPath, queryString, searchMenu } from './menu-utils';
import { MenuIcon } from './icons';

/** The result list's colours from the theme (layout.css reads them, with the light colours as fallbacks). */
function usePopupColours(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--app-pop-bg': token.colorBgElevated,
    '--app-pop-text': token.colorText,
    '--app-pop-muted': token.colorTextSecondary,
    '--app-pop-hover': token.controlItemBgHover,
  } as CSSProperties;
}

function Results({ items, onPick, testPrefix }: { items: MenuItem[]; onPick: (i: MenuItem) => void; testPrefix: string }) {
  const { t } = useTranslation('menu');
  const colours = usePopupColours();
  return (
    <ul className="app-search-results" data-testid={`${testPrefix}-results`} style={colours}>
      {items.map((i) => (
        <li key={i.F_ModuleId} data-testid={`${testPrefix}-item-${i.F_ModuleId}`} onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(i)}>
          <MenuIcon name={i.icon} /> <span>{menuLabel(i, t)}</span>
          <small>{menuPath(i)}</small>
        </li>
      ))}
    </ul>
  );
}

/** Menu search (spec 2.4): a drop-down in the top bar and an overlay closed with Esc. */
export function MenuSearch({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation(['layout', 'menu']);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const colours = usePopupColours();
  const [overlayText, setOverlayText] = useState('');
  const overlayInput = useRef<InputRef>(null);
  const tr = (i: MenuItem) => menuLabel(i, t);
  const results = useMemo(() => searchMenu(menu, text, tr), [menu, text, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const overlayResults = useMemo(() => searchMenu(menu, overlayText, tr), [menu, overlayText, t]); // eslint-disable-line react-hooks/exhaustive-deps
  const pick = (i: MenuItem) => {
    navigate(menuPath(i) + queryString(i.query));
    setText('');
    setOverlayText('');
    setOverlay(false);
  };
  useEffect(() => {
    if (!overlay) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOverlay(false);
    document.addEventListener('keydown', onKey);
    setTimeout(() => overlayInput.current?.focus(), 0);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay]);
  return (
    <>
      <div className="app-search">
        <Input
          data-testid="menu-search"
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('layout:search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results[0]) pick(results[0]);
            if (e.key === 'Escape') setText('');
          }}
        />
        {focused &&
          text.trim() &&
          (results.length ? (
            <Results items={results} onPick={pick} testPrefix="menu-search" />
          ) : (
            <div className="app-search-results app-search-empty" style={colours}>
              {t('layout:search.empty')}
            </div>
          ))}
      </div>
      <Button
        type="text"
        icon={<SearchOutlined />}
        data-testid="menu-search-open"
        title={t('layout:search.open')}
        onClick={() => setOverlay(true)}
        className="app-hide-xs"
      />
      {overlay && (
        <div className="app-search-overlay" data-testid="menu-search-overlay" onClick={() => setOverlay(false)}>
          <div className="app-search-overlay-box" onClick={(e) => e.stopPropagation()}>
            <Input
              ref={overlayInput}
              data-testid="menu-search-overlay-input"
              size="large"
              prefix={<SearchOutlined />}
              placeholder={t('layout:search.overlayPlaceholder')}
              value={overlayText}
              onChange={(e) => setOverlayText(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && overlayResults[0] && pick(overlayResults[0])}
            />
            {overlayText.trim() &&
              (overlayResults.length ? (
                <Results items={overlayResults} onPick={pick} testPrefix="menu-search-overlay" />
              ) : (
                <div className="app-search-empty" style={colours}>
                  {t('layout:search.empty')}
                </div>
              ))}
            <div className="app-search-hint">{t('layout:search.escHint')}</div>
          </div>
        </div>
      )}
    </>
  );
}
