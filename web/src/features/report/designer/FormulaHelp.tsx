import { Drawer, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const FUNCTIONS = ['SUM', 'AVG', 'COUNT', 'MAX', 'MIN', 'IF', 'ROUND', 'TEXT', 'ABS', 'CONCAT', 'LEFT', 'RIGHT', 'LEN', 'TODAY', 'NOW'] as const;
const SYNTAX = ['shorthandDown', 'shorthandNone', 'formula', 'cellRef', 'range', 'param', 'field', 'operators', 'value'] as const;
const EXAMPLES: Record<(typeof SYNTAX)[number], string> = {
  shorthandDown: '#{sales.region}',
  shorthandNone: '${sales.total}',
  formula: '=SUM(C3)',
  cellRef: 'C3',
  range: 'C3:E3',
  param: '@begin',
  field: 'sales.amount',
  operators: '+ - * / & = <> > < >= <=',
  value: 'value < 0',
};
const SIGNATURES: Record<(typeof FUNCTIONS)[number], string> = {
  SUM: 'SUM(C3)',
  AVG: 'AVG(sales.amount)',
  COUNT: 'COUNT(B3)',
  MAX: 'MAX(C3)',
  MIN: 'MIN(C3)',
  IF: 'IF(D3>0,"盈","亏")',
  ROUND: 'ROUND(C3/D3, 2)',
  TEXT: 'TEXT(@begin,"yyyy-mm-dd")',
  ABS: 'ABS(C3)',
  CONCAT: 'CONCAT(A3,"-",B3)',
  LEFT: 'LEFT(B3, 4)',
  RIGHT: 'RIGHT(B3, 2)',
  LEN: 'LEN(B3)',
  TODAY: 'TODAY()',
  NOW: 'NOW()',
};

/** The formula language and the cell shorthands, with examples. */
export function FormulaHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('reportDesigner');
  return (
    <Drawer open={open} onClose={onClose} title={t('help.title')} size={560} data-testid="rd-help">
      <Typography.Paragraph>{t('help.intro')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={SYNTAX.map((key) => ({ key, example: EXAMPLES[key] }))}
        columns={[
          { title: t('help.write'), dataIndex: 'example', width: 180, render: (v: string) => <code className="rd-code">{v}</code> },
          { title: t('help.means'), dataIndex: 'key', render: (k: string) => t(`help.syntax.${k}`) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('help.functions')}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={FUNCTIONS.map((key) => ({ key, example: SIGNATURES[key] }))}
        columns={[
          { title: t('help.write'), dataIndex: 'example', width: 220, render: (v: string) => <code className="rd-code">{v}</code> },
          { title: t('help.means'), dataIndex: 'key', render: (k: string) => t(`help.fn.${k}`) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('help.parents')}
      </Typography.Paragraph>
    </Drawer>
  );
}
