import { useState } from 'react';
import { App, Form, Input, InputNumber, Radio, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type StampBody, type StampRow, stampBody, stampPermissions } from '@app/contracts';
import { stampApi } from './api';
import { usePermission } from '../../lib/permission';
import { ListPage } from '../../components/ListPage';
import { FormModal, useDeleteConfirm } from '../../components/crud';
import { DictionaryLabel, DictionarySelect } from '../../components/dictionary';
import { UserPicker } from '../../components/pickers';
import { SignaturePad, StampImageUpload, type StampImage } from './stamp-fields';
import { RowActions } from '../../components/RowActions';
import { useZodRules } from '../../lib/zod-rules';

/** Dictionary of stamp categories (spec 3, F_StampType). */
export const STAMP_TYPE_DICTIONARY = 'StampType';

/** Who a stamp's people dialog edits: members (sign), managers (PATCH set-manager), maintainers (/maintain). */
type StampPeopleKind = 'member' | 'manager' | 'maintainer';
const PEOPLE_TITLE: Record<StampPeopleKind, string> = { member: 'members', manager: 'managersTitle', maintainer: 'maintainers' };

interface StampForm {
  F_StampName: string;
  F_StampType: string;
  F_Password?: string;
  F_Sort?: number | null;
  F_File_Type: 1 | 2;
  /** Type 1: the uploaded image. */
  image?: StampImage;
  /** Type 2: the 80 × 50 PNG data URL. */
  signature?: string;
  F_Description?: string;
}

/** The request body of POST /stamps and PUT /stamps/{id} from the form. */
export function toStampBody(v: StampForm): StampBody {
  const type = v.F_File_Type === 2 ? 2 : 1;
  return {
    F_StampName: v.F_StampName ?? '',
    F_StampType: v.F_StampType ?? '',
    F_Password: v.F_Password ?? '',
    F_Sort: v.F_Sort ?? 0,
    F_File_Type: type,
    F_File: (type === 1 ? v.image?.id : v.signature) ?? '',
    F_Description: v.F_Description ?? '',
  };
}

function formValues(r: StampRow): Partial<StampForm> {
  const type = r.F_File_Type === 2 ? 2 : 1;
  return {
    F_StampName: r.F_StampName,
    F_StampType: r.F_StampType,
    F_Password: '',
    F_Sort: r.F_Sort,
    F_File_Type: type,
    image: type === 1 && r.F_File ? { id: r.F_FileId || r.F_File, url: r.F_File } : undefined,
    signature: type === 2 && r.F_File ? r.F_File : undefined,
    F_Description: r.F_Description,
  };
}

/** Workflow → 电子签章 (administration.md Stamps; docs/workflow-design.md "Stamps and delegation"). */
export default function StampPage() {
  const { t } = useTranslation('stamp');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const confirmDelete = useDeleteConfirm();
  const [editing, setEditing] = useState<{ id: string | null; values: Partial<StampForm> } | null>(null);
  const [people, setPeople] = useState<{ id: string; kind: StampPeopleKind; userIds: string[] } | null>(null);
  const can = {
    edit: usePermission(stampPermissions.stampEdit),
    del: usePermission(stampPermissions.stampDelete),
    enable: usePermission(stampPermissions.stampEnable),
    member: usePermission(stampPermissions.stampMember),
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ['list', 'stamp'] });
  const rules = useZodRules(stampBody);
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    void message.success(t(done));
    await refresh();
  };
  /** The current people are read first (managers through our GET /stamps/{id}/manager). */
  const openPeople = async (id: string, kind: StampPeopleKind) => {
    const read = { member: stampApi.members, manager: stampApi.managers, maintainer: stampApi.maintainers }[kind];
    const users = await read(id);
    setPeople({ id, kind, userIds: users.userIds });
  };
  const savePeople = (target: { id: string; kind: StampPeopleKind }, userIds: string[]) => {
    if (target.kind === 'manager') return act(() => stampApi.setManagers(target.id, userIds), 'managersOk');
    if (target.kind === 'maintainer') return act(() => stampApi.setMaintainers(target.id, userIds), 'maintainersOk');
    return act(() => stampApi.setMembers(target.id, userIds), 'membersOk');
  };
  const fileType = (f: StampForm['F_File_Type'] | undefined) => f ?? 1;

  return (
    <>
      <ListPage<StampRow>
        queryKey="stamp"
        testId="stamp-page"
        rowKey="F_StampId"
        rowTestId={(r) => `stamp-row-${r.F_StampId}`}
        keywordPlaceholder={t('keywordPlaceholder')}
        fetch={(q) => stampApi.list(q)}
        filters={
          <Form.Item name="F_StampType">
            <DictionarySelect code={STAMP_TYPE_DICTIONARY} placeholder={t('type')} style={{ width: 180 }} data-testid="stamp-filter-type" />
          </Form.Item>
        }
        // Any signed-in user may add a personal stamp: the add button needs no key.
        toolbar={[
          {
            key: 'add',
            label: (
              <>
                <PlusOutlined /> {t('common:add')}
              </>
            ),
            primary: true,
            testId: 'stamp-add',
            onClick: () => setEditing({ id: null, values: { F_File_Type: 1, F_Sort: 0 } }),
          },
        ]}
        columns={[
          {
            title: t('name'),
            dataIndex: 'F_StampName',
            render: (v: string, r) => (
              <Space>
                <span>{v}</span>
                {r.F_StampAttributes === '1' && (
                  <Tag color="gold" data-testid={`stamp-default-${r.F_StampId}`}>
                    {t('default')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('type'), dataIndex: 'F_StampType', render: (v: string) => <DictionaryLabel code={STAMP_TYPE_DICTIONARY} value={v} /> },
          {
            title: t('image'),
            dataIndex: 'F_File',
            render: (v: string, r) =>
              v ? <img src={v} alt={r.F_StampName} style={{ maxHeight: 40, maxWidth: 80 }} data-testid={`stamp-image-${r.F_StampId}`} /> : null,
          },
          { title: t('fileType'), dataIndex: 'F_File_Type', render: (v: number) => (v === 2 ? t('fileTypeSignature') : t('fileTypeUpload')) },
          { title: t('sort'), dataIndex: 'F_Sort', width: 80 },
          {
            title: t('status'),
            dataIndex: 'EnabledMark',
            width: 90,
            render: (v: number, r) =>
              v === 1 ? (
                <Tag color="green" data-testid={`stamp-status-${r.F_StampId}`}>
                  {t('enabled')}
                </Tag>
              ) : (
                <Tag data-testid={`stamp-status-${r.F_StampId}`}>{t('disabled')}</Tag>
              ),
          },
          { title: t('description'), dataIndex: 'F_Description' },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, r) => {
              const manage = (allowed: boolean) => !(r.canManage || allowed);
              return (
                <RowActions
                  wrap
                  actions={[
                    {
                      key: 'edit',
                      label: t('common:edit'),
                      hidden: manage(can.edit),
                      testId: `stamp-edit-${r.F_StampId}`,
                      onClick: () => setEditing({ id: r.F_StampId, values: formValues(r) }),
                    },
                    {
                      key: 'toggle',
                      label: r.EnabledMark === 1 ? t('disable') : t('enable'),
                      hidden: manage(can.enable),
                      testId: `stamp-toggle-${r.F_StampId}`,
                      onClick: () => act(() => stampApi.setEnabled(r.F_StampId, r.EnabledMark !== 1), r.EnabledMark === 1 ? 'disabledOk' : 'enabledOk'),
                    },
                    {
                      key: 'default',
                      label: t('setDefault'),
                      hidden: manage(can.enable) || r.F_StampAttributes === '1',
                      testId: `stamp-default-set-${r.F_StampId}`,
                      onClick: () => act(() => stampApi.setDefault(r.F_StampId), 'defaultOk'),
                    },
                    {
                      key: 'member',
                      label: t('members'),
                      hidden: manage(can.member),
                      testId: `stamp-member-${r.F_StampId}`,
                      onClick: () => openPeople(r.F_StampId, 'member'),
                    },
                    {
                      key: 'manager',
                      label: t('managers'),
                      hidden: manage(can.member),
                      testId: `stamp-manager-${r.F_StampId}`,
                      onClick: () => openPeople(r.F_StampId, 'manager'),
                    },
                    {
                      key: 'maintainer',
                      label: t('maintainers'),
                      hidden: manage(can.member),
                      testId: `stamp-maintainer-${r.F_StampId}`,
                      onClick: () => openPeople(r.F_StampId, 'maintainer'),
                    },
                    {
                      key: 'delete',
                      label: t('common:delete'),
                      danger: true,
                      hidden: manage(can.del),
                      testId: `stamp-delete-${r.F_StampId}`,
                      onClick: () => confirmDelete(r.F_StampName, () => stampApi.remove(r.F_StampId), refresh),
                    },
                  ]}
                />
              );
            },
          },
        ]}
      />
      <FormModal<StampForm>
        open={!!editing}
        title={editing?.id ? t('editTitle') : t('addTitle')}
        editing={!!editing?.id}
        initialValues={editing?.values}
        testId="stamp-form"
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const body = toStampBody(v);
          if (editing?.id) await stampApi.update(editing.id, body);
          else await stampApi.add(body);
          await refresh();
        }}
      >
        {/* The contract leaves the required fields to the service (it answers the spec's messages), so the form asks for them by hand. */}
        <Form.Item
          name="F_StampName"
          label={t('name')}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }, ...rules('F_StampName', t('name'))]}
        >
          <Input maxLength={100} data-testid="stamp-name" />
        </Form.Item>
        <Form.Item name="F_StampType" label={t('type')} rules={[{ required: true, message: t('typeRequired') }, ...rules('F_StampType', t('type'))]}>
          <DictionarySelect code={STAMP_TYPE_DICTIONARY} data-testid="stamp-type" />
        </Form.Item>
        <Form.Item
          name="F_Password"
          label={t('password')}
          extra={editing?.id ? t('passwordKeep') : undefined}
          rules={[...(editing?.id ? [] : [{ required: true, message: t('passwordRequired') }]), ...rules('F_Password', t('password'))]}
        >
          <Input.Password maxLength={200} autoComplete="new-password" data-testid="stamp-password" />
        </Form.Item>
        <Form.Item name="F_Sort" label={t('sort')}>
          <InputNumber precision={0} data-testid="stamp-sort" />
        </Form.Item>
        <Form.Item name="F_File_Type" label={t('fileType')}>
          <Radio.Group data-testid="stamp-file-type">
            <Radio value={1} data-testid="stamp-file-type-1">
              {t('fileTypeUpload')}
            </Radio>
            <Radio value={2} data-testid="stamp-file-type-2">
              {t('fileTypeSignature')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: StampForm, b: StampForm) => a.F_File_Type !== b.F_File_Type}>
          {({ getFieldValue }) =>
            fileType(getFieldValue('F_File_Type') as StampForm['F_File_Type']) === 1 ? (
              <Form.Item key="image" name="image" label={t('image')} preserve rules={[{ required: true, message: t('imageRequired') }]}>
                <StampImageUpload />
              </Form.Item>
            ) : (
              <Form.Item key="signature" name="signature" label={t('image')} preserve rules={[{ required: true, message: t('imageRequired') }]}>
                <SignaturePad />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="F_Description" label={t('description')} rules={rules('F_Description', t('description'))}>
          <Input.TextArea rows={2} maxLength={500} data-testid="stamp-description" />
        </Form.Item>
      </FormModal>
      <UserPicker
        key={people ? `${people.id}-${people.kind}` : 'closed'}
        open={!!people}
        value={people?.userIds}
        title={people ? t(PEOPLE_TITLE[people.kind]) : undefined}
        onCancel={() => setPeople(null)}
        onOk={(ids) => {
          const target = people;
          setPeople(null);
          if (target) void savePeople(target, ids);
        }}
      />
    </>
  );
}
