import { useEffect, useMemo, useRef } from 'react';
import { Card, Flex, Result, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useMenu } from '../../../app/shell/menu-data';
import { findByRoute } from '../../../app/shell/menu-utils';
import { reportApi } from '../api';
import { releaseIdOf } from '../paths';
import { ReportViewer, viewSource } from '../viewer/ReportViewer';

/**
 * A released report's page (`/report/view/<releaseId>/index`, the menu entry a release made): the viewer, through
 * the release (its menu entry's grant and data scope, its print and export buttons).
 */
export default function ReleasedPage() {
  const { t } = useTranslation('report');
  const { pathname } = useLocation();
  const releaseId = releaseIdOf(pathname) ?? '';
  const meta = useQuery({ queryKey: ['report-release-meta', releaseId], queryFn: () => reportApi.releaseMeta(releaseId), enabled: !!releaseId, retry: false });
  useMenuWithEntry(pathname);
  const data = meta.data;
  const source = useMemo(() => (data ? viewSource(data.F_ReportId, releaseId, () => Promise.resolve(data)) : null), [data, releaseId]);

  if (!releaseId) return <Result status="404" title={t('viewer.notFound')} data-testid="report-view-error" />;
  if (meta.isError) {
    const e = meta.error;
    const behaviour = e instanceof ApiError ? e.behaviour : 'show';
    const status = behaviour === 'notFound' ? '404' : behaviour === 'forbidden' ? '403' : 'error';
    return (
      <Result status={status} title={status === '404' ? t('viewer.notFound') : t('viewer.loadFailed')} subTitle={e.message} data-testid="report-view-error" />
    );
  }
  if (!source) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Card size="small">
      <ReportViewer key={releaseId} source={source} />
    </Card>
  );
}

/**
 * A release made after the menu was loaded is not in it yet, so its tab would be titled by the route: the menu is
 * asked again, once per page, and then names the tab.
 */
function useMenuWithEntry(pathname: string) {
  const qc = useQueryClient();
  const { menu, isSuccess } = useMenu();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!isSuccess || asked.current === pathname) return;
    if (findByRoute(menu, pathname)) return;
    asked.current = pathname;
    void qc.invalidateQueries({ queryKey: ['menu'] });
  }, [pathname, isSuccess, menu, qc]);
}
