import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SimpleCc, SimpleNode } from '@app/contracts';
import { ForwarderTable, type ForwarderRow } from '../../../components/pickers';

/** 抄送人设置: the readers, chosen as posts, roles or people (the ForwarderTable). */
export function CcPanel({ node, onChange }: { node: SimpleCc; onChange: (node: SimpleNode) => void }) {
  const { t } = useTranslation('wfSimple');
  const rows: ForwarderRow[] = node.recipients
    .filter((r) => r.F_ObjType !== '4')
    .map((r, i) => ({
      F_Id: r.F_Id ?? `${r.F_ObjType}:${r.F_ObjId}:${i}`,
      F_ObjId: r.F_ObjId,
      F_ObjName: r.F_ObjName,
      F_ObjType: r.F_ObjType as ForwarderRow['F_ObjType'],
    }));
  const departments = node.recipients.filter((r) => r.F_ObjType === '4');
  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label={t('field.recipients')}>
        <div data-testid="wfs-cc-recipients">
          <ForwarderTable
            value={rows}
            onChange={(next) =>
              onChange({
                ...node,
                recipients: [...next.map((r) => ({ F_Id: r.F_Id, F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType })), ...departments],
              })
            }
          />
        </div>
      </Form.Item>
    </Form>
  );
}
