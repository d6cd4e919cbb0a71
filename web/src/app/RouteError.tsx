import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or its chunk fails to load (spec 8, chunk loading). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const chunk = error instanceof Error && (error.name === 'ChunkLoadError' || /dynamically imported module|Loading chunk/i.test(error.message));
  return (
    <div role="alert" data-testid="route-error" style={{ padding: 48, textAlign: 'center', fontFamily: 'sans-serif' }}>
      <h2>{chunk ? t('chunkTitle') : t('pageTitle')}</h2>
      <p style={{ color: '#888' }}>{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '6px 16px', cursor: 'pointer' }}>
        {t('reload')}
      </button>
    </div>
  );
}
