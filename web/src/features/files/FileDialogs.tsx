import { useMemo, useState } from 'react';
import { App, Form, Input, Modal, Spin, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type FileManagerItem, type FolderTreeNode } from '@app/contracts';
import { fileManagerApi } from './api';
import { FormModal } from '../../components/crud';
import { BAD_NAME, KEY, ROOT, toTree, type TreeData } from './file-tree';

export function NameModal({
  state,
  onClose,
  onSubmit,
}: {
  state: { title: string; label: string; name: string; extra?: string; editing: boolean } | null;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('fileManager');
  return (
    <FormModal<{ name: string }>
      open={!!state}
      title={state?.title}
      editing={state?.editing}
      width={480}
      initialValues={{ name: state?.name ?? '' }}
      onClose={onClose}
      onSubmit={(v) => onSubmit(v.name.trim())}
      testId="fm-name-modal"
    >
      <Form.Item
        name="name"
        label={state?.label}
        extra={state?.extra}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          {
            validator: (_, v: string | undefined) =>
              v && (BAD_NAME.test(v) || v.trim() === '.' || v.trim() === '..') ? Promise.reject(new Error(t('nameInvalid'))) : Promise.resolve(),
          },
        ]}
      >
        <Input maxLength={200} autoFocus data-testid="fm-name-input" />
      </Form.Item>
    </FormModal>
  );
}

export function MoveModal({
  item,
  tree,
  onClose,
  onMoved,
}: {
  item: FileManagerItem | null;
  tree: FolderTreeNode[];
  onClose: () => void;
  onMoved: () => Promise<unknown>;
}) {
  const { t } = useTranslation('fileManager');
  // A folder cannot go into itself or below itself: that part of the tree is shown but not selectable.
  const treeData = useMemo<TreeData[]>(
    () => [{ key: ROOT, value: ROOT, title: t('allFiles'), children: toTree(tree, item?.F_IsFolder ? item.F_Id : null) }],
    [tree, item, t],
  );
  return (
    <FormModal<{ parentId: string }>
      open={!!item}
      title={item ? t('moveTitle', { name: item.F_Name }) : ''}
      editing
      width={480}
      initialValues={{ parentId: item?.F_ParentId ?? ROOT }}
      onClose={onClose}
      onSubmit={async (v) => {
        await fileManagerApi.move(item!.F_Id, v.parentId === ROOT ? undefined : v.parentId);
        await onMoved();
      }}
      testId="fm-move-modal"
    >
      <Form.Item name="parentId" label={t('moveTarget')} rules={[{ required: true }]}>
        <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" data-testid="fm-move-target" />
      </Form.Item>
    </FormModal>
  );
}

export function EditTextModal({ item, onClose, onSaved }: { item: FileManagerItem; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation('fileManager');
  const { message } = App.useApp();
  const { data } = useQuery({
    queryKey: [...KEY, 'edit', item.F_Id],
    queryFn: () => fileManagerApi.text(item.F_Id),
    gcTime: 0,
    staleTime: 0,
  });
  const [content, setContent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = content ?? data?.content;
  const save = async () => {
    setBusy(true);
    try {
      await fileManagerApi.saveText(item.F_Id, { content: text ?? '' });
      void message.success(t('saved'));
      await onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('editTitle', { name: item.F_Name })}
      width={900}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: text === undefined, 'data-testid': 'fm-edit-save' } as { disabled: boolean }}
    >
      {text === undefined ? (
        <div style={{ height: 420, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Input.TextArea
          value={text}
          onChange={(e) => setContent(e.target.value)}
          autoSize={{ minRows: 18, maxRows: 28 }}
          spellCheck={false}
          data-testid="fm-edit-text"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        />
      )}
    </Modal>
  );
}
