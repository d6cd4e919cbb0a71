import { useState } from 'react';
import { Checkbox, Empty, Modal, Space, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orgPickerApi } from './api';
import type { PostNode } from './types';
import { companyTreeData, flatten, useCompanyTree } from './shared';

export interface PostRef {
  F_PostId: string;
  F_Name: string;
}

export interface PostPickerProps {
  open: boolean;
  value?: PostRef[];
  single?: boolean;
  onOk: (posts: PostRef[]) => void;
  onCancel: () => void;
}

/** Spec 2.10 post picker: company tree, then the company's posts with checkboxes; single-select option. */
export function PostPicker(props: PostPickerProps) {
  return props.open ? <PostPickerDialog {...props} /> : null;
}

function PostPickerDialog({ value, single, onOk, onCancel }: PostPickerProps) {
  const { t } = useTranslation('pickers');
  const companies = useCompanyTree();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const current = companyId ?? companies.data?.[0]?.F_CompanyId ?? null;
  const [selected, setSelected] = useState<PostRef[]>(value ?? []);
  const posts = useQuery({
    queryKey: ['post-picker', current],
    queryFn: () => orgPickerApi.posts(current!),
    enabled: !!current,
  });
  const chosen = new Set(selected.map((p) => p.F_PostId));
  const toggle = (p: PostNode) => {
    if (chosen.has(p.F_PostId)) return setSelected(selected.filter((s) => s.F_PostId !== p.F_PostId));
    const ref = { F_PostId: p.F_PostId, F_Name: p.F_Name };
    setSelected(single ? [ref] : [...selected, ref]);
  };
  const rows = flatten(posts.data ?? []);
  return (
    <Modal
      open
      width={760}
      title={t('post.title')}
      onCancel={onCancel}
      onOk={() => onOk(selected)}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ 'data-testid': 'post-picker-ok' } as Record<string, string>}
    >
      <div data-testid="post-picker" style={{ display: 'flex', gap: 12, minHeight: 360 }}>
        <div style={{ width: 240, flex: 'none', borderRight: '1px solid rgba(5,5,5,0.06)', overflow: 'auto', maxHeight: 480 }}>
          {companies.data && (
            <Tree
              blockNode
              defaultExpandAll
              treeData={companyTreeData(companies.data ?? [])}
              selectedKeys={current ? [current] : []}
              onSelect={(keys) => keys[0] && setCompanyId(String(keys[0]))}
            />
          )}
        </div>
        <div style={{ flex: 1 }}>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('post.none')} />
          ) : (
            rows.map(({ node, depth }) => (
              <div
                key={node.F_PostId}
                data-testid={`post-picker-row-${node.F_PostId}`}
                onClick={() => toggle(node)}
                style={{ padding: '4px 8px', paddingLeft: 8 + depth * 20, cursor: 'pointer' }}
              >
                <Checkbox checked={chosen.has(node.F_PostId)} /> <span>{node.F_Name}</span> <Typography.Text type="secondary">{node.EnCode}</Typography.Text>
              </div>
            ))
          )}
          <Space wrap style={{ marginTop: 12 }} data-testid="post-picker-selected">
            {selected.map((p) => (
              <Tag key={p.F_PostId} closable onClose={() => setSelected(selected.filter((s) => s.F_PostId !== p.F_PostId))}>
                {p.F_Name}
              </Tag>
            ))}
          </Space>
        </div>
      </div>
    </Modal>
  );
}
