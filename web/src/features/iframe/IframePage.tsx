import { useLocation, useParams } from 'react-router';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@app/contracts';
import { useMenu, useOtherLeaves } from '../../app/shell/menu-data';
import { leaves } from '../../app/shell/menu-utils';

export type FrameDecision = { kind: 'show'; src: string } | { kind: 'invalid' } | { kind: 'notAllowed'; src: string };

/**
 * Origins an embedded page may come from: those of the external entries in the user's menus. Administrators
 * configure those entries (menu management), so a crafted /myiframe link cannot dress another site in the app.
 */
export function frameableOrigins(items: MenuItem[]): Set<string> {
  const origins = new Set<string>();
  for (const item of leaves(items)) if (/^https?:\/\//i.test(item.path) && URL.canParse(item.path)) origins.add(new URL(item.path).origin);
  return origins;
}

/** /myiframe/{routerPath}: an http(s) address of an allowed origin, or a .html page of this site, with the route's query. */
export function iframeSrc(splat: string, search: string, allowed: Set<string>, ownOrigin = window.location.origin): FrameDecision {
  const params = new URLSearchParams(search);
  let src = params.get('src') ?? '';
  params.delete('src');
  if (!src) {
    try {
      src = decodeURIComponent(splat);
    } catch {
      src = splat;
    }
  }
  const absolute = /^https?:\/\//i.test(src);
  if (!absolute && !/\.html?(\?|#|$)/i.test(src)) return { kind: 'invalid' };
  // A relative .html address (or a protocol-relative trick) resolves against this site; only its own origin passes.
  const origin = URL.canParse(src, ownOrigin) ? new URL(src, ownOrigin).origin : null;
  if (!origin || (origin !== ownOrigin && !allowed.has(origin))) return { kind: 'notAllowed', src };
  const rest = params.toString();
  return { kind: 'show', src: rest ? `${src}${src.includes('?') ? '&' : '?'}${rest}` : src };
}

export default function IframePage() {
  const params = useParams();
  const { search } = useLocation();
  const { t } = useTranslation('common');
  const menu = useMenu();
  const other = useOtherLeaves();
  if (menu.isLoading || other.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const decision = iframeSrc(params['*'] ?? '', search, frameableOrigins([...menu.menu, ...other.leaves]));
  if (decision.kind === 'invalid') return <Result status="warning" title={t('iframeInvalid')} />;
  if (decision.kind === 'notAllowed') return <Result status="warning" title={t('iframeNotAllowed')} subTitle={decision.src} data-testid="myiframe-refused" />;
  return (
    <iframe
      data-testid="myiframe"
      title={decision.src}
      src={decision.src}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, background: '#fff' }}
    />
  );
}
