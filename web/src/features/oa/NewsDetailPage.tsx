import { Card, Descriptions, Divider, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newsApi } from './api';
import { DictionaryLabel } from '../../components/dictionary';
import { AttachmentList } from '../../components/files/AttachmentList';
import { NEWS_CATEGORY } from './news-category';

/** Spec 2.7 news detail: release time; reprints (type 2) show category, source name and address; others author, editor and category. */
export default function NewsDetailPage() {
  const { t } = useTranslation('oa');
  const id = useParams()['*'] ?? '';
  const q = useQuery({ queryKey: ['news-detail', id], queryFn: () => newsApi.get(id), enabled: !!id });
  const d = q.data;
  return (
    <Card data-testid="news-detail">
      {q.isLoading ? (
        <Skeleton active />
      ) : !d ? (
        <Empty description={t('news.notFound')} />
      ) : (
        <article>
          <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }} data-testid="news-detail-title">
            {d.F_FullHead}
          </Typography.Title>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('news.releaseTime')}>{d.F_ReleaseTime ?? '-'}</Descriptions.Item>
            {d.F_TypeId === 2 ? (
              <>
                <Descriptions.Item label={t('news.category')}>
                  <DictionaryLabel code={NEWS_CATEGORY} value={d.F_CategoryId} />
                </Descriptions.Item>
                <Descriptions.Item label={t('news.sourceName')}>{d.F_SourceName}</Descriptions.Item>
                <Descriptions.Item label={t('news.sourceAddress')}>
                  {/^https?:\/\//i.test(d.F_SourceAddress) ? (
                    <a href={d.F_SourceAddress} target="_blank" rel="noreferrer noopener">
                      {d.F_SourceAddress}
                    </a>
                  ) : (
                    d.F_SourceAddress
                  )}
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('news.author')}>{d.F_AuthorName}</Descriptions.Item>
                <Descriptions.Item label={t('news.editor')}>{d.F_CompileName}</Descriptions.Item>
                <Descriptions.Item label={t('news.category')}>
                  <DictionaryLabel code={NEWS_CATEGORY} value={d.F_CategoryId} />
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <Divider style={{ marginTop: 0 }} />
          {/* Sanitised on the server (no script runs from stored content). */}
          <div className="news-content" data-testid="news-detail-content" dangerouslySetInnerHTML={{ __html: d.F_NewsContent }} />
          {d.F_Attachments.length > 0 && (
            <section data-testid="news-detail-attachments" style={{ marginTop: 24 }}>
              <Typography.Title level={5}>{t('news.attachments')}</Typography.Title>
              {/* The folder's files (with preview kinds) first, then legacy entries (name + address only). */}
              <AttachmentList files={d.F_Attachments} testId="news-attachments" />
            </section>
          )}
        </article>
      )}
    </Card>
  );
}
