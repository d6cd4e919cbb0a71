import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportPages } from '@app/contracts';
import i18n, { currentLanguage } from '../../../lib/i18n';
import { readPrintQuery } from '../paths';
import { PrintPages, fetchAllPages, pagesDrawn } from '../viewer/PrintPages';
import { ReadyContext, ReadyTracker } from '../viewer/ready';
import { frameSource, viewSource } from '../viewer/sources';

/**
 * The print view (`/report-print/<reportId>?releaseId&params&share&access&lang`), a bare page the server's headless
 * Chromium turns into the PDF export: every page of the report with the print setup's @page, then
 * `data-print-ready="1"` on <body> once codes, charts and pictures are drawn, or `data-print-error` with the message
 * (also shown). Signed in (the session in localStorage) through the release or the design preview; with `share`
 * through the share link's public calls.
 */
export default function PrintPage() {
  const { t } = useTranslation('report');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const q = useMemo(() => readPrintQuery(search), [search]);
  const wanted = q.lang === 'en' || q.lang === 'zh-CN' ? q.lang : null;
  const [langReady, setLangReady] = useState(!wanted || wanted === currentLanguage());
  const source = useMemo(() => (q.share ? frameSource(id, { share: q.share, access: q.access }) : viewSource(id, q.releaseId)), [id, q]);
  const [state, setState] = useState<{ chunks?: ReportPages[]; error?: string }>({});
  const tracker = useMemo(() => new ReadyTracker(), []);
  const root = useRef<HTMLDivElement>(null);

  // The language the PDF is asked in (the server's messages too: they follow the client's language).
  useEffect(() => {
    if (langReady || !wanted) return;
    void i18n.changeLanguage(wanted).then(() => setLangReady(true));
  }, [langReady, wanted]);

  useEffect(() => {
    if (!langReady) return;
    let live = true;
    fetchAllPages(source, q.params ?? {}, () => undefined).then(
      (chunks) => live && setState({ chunks }),
      (e: unknown) => live && setState({ error: (e instanceof Error && e.message) || t('viewer.pagesFailed') }),
    );
    return () => {
      live = false;
    };
  }, [source, q.params, langReady, t]);

  useEffect(() => {
    const body = document.body;
    if (state.error) {
      body.dataset.printError = state.error;
      return;
    }
    if (!state.chunks) return;
    let live = true;
    void pagesDrawn(tracker, root.current ?? document).then(() => {
      if (live) body.dataset.printReady = '1';
    });
    return () => {
      live = false;
    };
  }, [state, tracker]);

  useEffect(
    () => () => {
      delete document.body.dataset.printReady;
      delete document.body.dataset.printError;
    },
    [],
  );

  return (
    <div ref={root} className="rv-print-view" data-testid="report-print-view">
      {state.error && <Alert type="error" showIcon title={state.error} style={{ maxWidth: 720, margin: '24px auto' }} data-testid="report-print-error" />}
      {state.chunks ? (
        <ReadyContext.Provider value={tracker}>
          <PrintPages chunks={state.chunks} />
        </ReadyContext.Provider>
      ) : (
        !state.error && <Spin fullscreen spinning description={t('viewer.preparing')} data-testid="report-print-loading" />
      )}
    </div>
  );
}
