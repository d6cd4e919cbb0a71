import { useLocation, useParams } from 'react-router';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** /myiframe/{routerPath}: hosts an http(s) or .html address, with the route's query string. */
export function iframeSrc(splat: string, search: string): string | null {
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
  if (!/^https?:\/\//i.test(src) && !/\.html?(\?|#|$)/i.test(src)) return null;
  const rest = params.toString();
  return rest ? `${src}${src.includes('?') ? '&' : '?'}${rest}` : src;
}

export default function IframePage() {
  const params = useParams();
  const { search } = useLocation();
  const { t } = useTranslation('common');
  const src = iframeSrc(params['*'] ?? '', search);
  if (!src) return <Result status="warning" title={t('iframeInvalid')} />;
  return <iframe data-testid="myiframe" title={src} src={src} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, background: '#fff' }} />;
}
