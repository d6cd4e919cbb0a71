import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRINT_LOADING_MS, PRINT_STYLES, PRINT_TYPES, type PrintData } from '@app/contracts';
import { publishedApi } from '../form-publish/api';
import { PrintView, printBlock, type PrintOverrides } from './PrintView';

export const printDataKey = (relationId: string, keyValue: string) => ['form-print-data', relationId, keyValue] as const;

/** GET /form-relation/{id}/print/{keyValue}: the form, the record, the printable formIds and the print setting. */
export function fetchPrintData(relationId: string, keyValue: string): Promise<PrintData> {
  return publishedApi.print(relationId, keyValue);
}

function oneOf<T extends number>(raw: string | null, allowed: readonly T[]): T | undefined {
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  return (allowed as readonly number[]).includes(n) ? (n as T) : undefined;
}

/** style / type / underline of the address (the print dialog's choices); absent or invalid ones leave the relation's setting. */
export function overridesOf(params: URLSearchParams): PrintOverrides {
  return {
    style: oneOf(params.get('style'), PRINT_STYLES),
    type: oneOf(params.get('type'), PRINT_TYPES),
    underline: oneOf(params.get('underline'), [0, 1] as const),
  };
}

/** A picture that neither loads nor fails within this time is printed as the browser has it. */
const IMAGE_WAIT_MS = 10_000;

/** Resolves when every image of the page has loaded or failed (a PDF must not be taken before its pictures). */
function imagesSettled(): Promise<void> {
  const waiting = Array.from(document.images).filter((img) => !img.complete);
  if (waiting.length === 0) return Promise.resolve();
  const all = Promise.all(
    waiting.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  return Promise.race([all.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
}

/**
 * The print view as a bare page (`/form-print/index?relationId&keyValue&style&type&underline&auto`): a loading
 * overlay for PRINT_LOADING_MS (spec 9), then `data-print-ready="1"` on <body> once the record, its option labels
 * and names and its images are in (or `data-print-error` with the message, also shown). The server's PDF waits for
 * these marks; `auto=1` opens the browser's print dialog.
 */
export default function PrintPage() {
  const { t } = useTranslation('formPrint');
  const [params] = useSearchParams();
  const relationId = params.get('relationId') ?? '';
  const keyValue = params.get('keyValue') ?? '';
  const auto = params.get('auto') === '1';
  const overrides = overridesOf(params);
  const [waited, setWaited] = useState(false);

  const query = useQuery({
    queryKey: printDataKey(relationId, keyValue),
    queryFn: () => fetchPrintData(relationId, keyValue),
    enabled: !!relationId && !!keyValue,
    retry: false,
  });
  const fetching = useIsFetching();

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), PRINT_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  const missing = !relationId || !keyValue;
  const block = query.data ? printBlock(query.data) : null;
  const error = missing ? t('loadFailed') : query.isError ? query.error.message || t('loadFailed') : block ? t(block) : null;
  const settled = missing || query.isError || (query.isSuccess && fetching === 0);

  useEffect(() => {
    if (!waited || !settled) return;
    const body = document.body;
    if (error) {
      body.dataset.printError = error;
      return;
    }
    let live = true;
    void imagesSettled().then(() => {
      if (!live) return;
      body.dataset.printReady = '1';
      if (auto) window.print();
    });
    return () => {
      live = false;
    };
  }, [waited, settled, error, auto]);

  useEffect(
    () => () => {
      delete document.body.dataset.printReady;
      delete document.body.dataset.printError;
    },
    [],
  );

  return (
    <div className="fp-screen">
      {error && waited && <Alert type="error" showIcon title={error} data-testid="print-error" style={{ maxWidth: 720, margin: '24px auto' }} />}
      {query.data && !block && <PrintView data={query.data} overrides={overrides} documentNumber={keyValue} />}
      {!waited && <Spin fullscreen spinning description={t('loading')} data-testid="print-loading" />}
    </div>
  );
}
