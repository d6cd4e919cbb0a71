import type { CSSProperties, ReactNode } from 'react';
import { Button, Space } from 'antd';

/** One button of a table row's action column. */
export interface RowAction {
  /** React key; unique within the row. */
  key: string;
  label: ReactNode;
  onClick?: () => unknown;
  danger?: boolean;
  icon?: ReactNode;
  /** Left out of the row (no permission, or not applicable to this row). */
  hidden?: boolean;
  testId?: string;
  disabled?: boolean;
  loading?: boolean;
  /** Tooltip, e.g. why the action is disabled. */
  title?: string;
  style?: CSSProperties;
}

export interface RowActionsProps {
  actions: RowAction[];
  /** Lets the buttons wrap onto a second line in a narrow column. */
  wrap?: boolean;
  /** For rows that react to a click themselves (select, expand): a click on an action stays with the action. */
  stopPropagation?: boolean;
}

/**
 * The action column of a table row: small link buttons side by side, the hidden ones left out.
 * No "more" menu: every list shows all of its row actions, and the phone card view of ListPage shows them the same way.
 */
export function RowActions({ actions, wrap, stopPropagation }: RowActionsProps) {
  return (
    <Space size={0} wrap={wrap} onClick={stopPropagation ? (e) => e.stopPropagation() : undefined}>
      {actions.map((a) => (a.hidden ? null : <RowActionButton key={a.key} action={a} />))}
    </Space>
  );
}

/** One action as the link button RowActions shows, for a cell with a single action and no wrapper. */
export function RowActionButton({ action: a }: { action: RowAction }) {
  return (
    <Button
      type="link"
      size="small"
      danger={a.danger}
      icon={a.icon}
      disabled={a.disabled}
      loading={a.loading}
      title={a.title}
      style={a.style}
      data-testid={a.testId}
      onClick={a.onClick && (() => void a.onClick?.())}
    >
      {a.label}
    </Button>
  );
}
