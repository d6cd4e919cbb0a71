import { memo, startTransition, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Popover, Typography, theme } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  AuditOutlined,
  BranchesOutlined,
  CloseOutlined,
  ForkOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SimpleConditionBranch, SimpleNode, SimpleParallelBranch, SimpleProcess } from '@app/contracts';
import { branchAnchor, type Anchor } from './model-ops';
import { useMarks, type ChainMarks } from './chain-marks';
import { approverSummary, branchSentence, ccSummary } from './summary';

/** What a card can ask of the page; the page keeps these functions stable (cards are memoised). */
export interface ChainActions {
  select: (id: string) => void;
  add: (anchor: Anchor, type: 'approver' | 'cc' | 'condition' | 'parallel') => void;
  remove: (id: string) => void;
  move: (id: string, dir: -1 | 1) => void;
  addBranch: (groupId: string) => void;
  removeBranch: (branchId: string) => void;
  moveBranch: (branchId: string, dir: -1 | 1) => void;
  fieldLabel: (vModel: string) => string | undefined;
}

/** What the whole canvas shares: problems (translated) by id, the simulated path, the selection. */
export interface ChainView {
  /** Problems, the simulated path and the selection, read by each card for itself. */
  marks: ChainMarks;
  readOnly: boolean;
  /** Changes when the bound forms' field labels do (the cards naming a field render again). */
  fieldsKey: string;
  act: ChainActions;
}

const NO_ISSUES: string[] = [];
/** Header accents (DingTalk's): initiator grey-blue, approver orange, CC blue. */
const ACCENT = { start: '#576a95', approver: '#ff943e', cc: '#3296fa' } as const;

/** What "+" can insert, with its icon. */
const INSERTABLE = [
  ['approver', <AuditOutlined key="i" />],
  ['cc', <SendOutlined key="i" />],
  ['condition', <BranchesOutlined key="i" />],
  ['parallel', <ForkOutlined key="i" />],
] as const;

/**
 * The "+" between two cards: a small panel of what can be inserted there. The panel (an antd Popover, costly to
 * mount by the hundred) exists only while open: the slot itself is a button.
 */
export const AddSlot = memo(function AddSlot({ anchor, testId, act, readOnly }: { anchor: Anchor; testId: string; act: ChainActions; readOnly: boolean }) {
  const { t } = useTranslation('wfSimple');
  const [open, setOpen] = useState(false);
  if (readOnly) return <div className="wfs-slot" />;
  const button = (
    <Button
      shape="circle"
      size="small"
      type="primary"
      icon={<PlusOutlined />}
      aria-label={t('action.add')}
      data-testid={testId}
      onClick={() => setOpen(true)}
    />
  );
  const choices = (
    <div className="wfs-add-menu" role="menu">
      {INSERTABLE.map(([type, icon]) => (
        <button
          key={type}
          type="button"
          role="menuitem"
          className={`wfs-add-item wfs-add-item-${type}`}
          data-testid={`wfs-add-${type}`}
          onClick={() => {
            act.add(anchor, type);
            // Closing can wait for the frame after the new card.
            startTransition(() => setOpen(false));
          }}
        >
          <span className="wfs-add-icon">{icon}</span>
          {t(`add.${type}`)}
        </button>
      ))}
    </div>
  );
  return (
    <div className="wfs-slot">
      {open ? (
        <Popover open onOpenChange={setOpen} trigger="click" placement="right" content={choices} destroyOnHidden>
          {button}
        </Popover>
      ) : (
        button
      )}
    </div>
  );
});

interface CardFrameProps {
  id: string;
  testId: string;
  type: string;
  title: ReactNode;
  accent?: string;
  extra?: ReactNode;
  issues: string[];
  visited: boolean;
  selected: boolean;
  onClick: () => void;
  children?: ReactNode;
}

/** A card: coloured header (title, tools), body in plain words, problems in red. */
function CardFrame({ id, testId, type, title, accent, extra, issues, visited, selected, onClick, children }: CardFrameProps) {
  const { token } = theme.useToken();
  const border = selected ? token.colorPrimary : visited ? token.colorSuccess : issues.length ? token.colorError : 'transparent';
  const style: CSSProperties = { background: token.colorBgContainer, borderColor: border, boxShadow: token.boxShadowTertiary };
  return (
    <div
      className="wfs-card"
      style={style}
      data-testid={testId}
      data-type={type}
      data-id={id}
      data-visited={visited ? 'true' : undefined}
      data-issues={issues.length}
      role="button"
      tabIndex={0}
      onClick={onClick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onClick();
      }}
    >
      <div className="wfs-card-head" style={accent ? { background: accent, color: '#fff' } : { color: token.colorSuccessText }}>
        <span className="wfs-card-title">{title}</span>
        {extra && (
          <span className="wfs-card-tools" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} role="presentation">
            {extra}
          </span>
        )}
      </div>
      <div className="wfs-card-body">
        {children}
        {issues.map((m, i) => (
          <Typography.Text key={i} type="danger" className="wfs-card-issue">
            {m}
          </Typography.Text>
        ))}
      </div>
    </div>
  );
}

function Tool({ label, icon, onClick, testId, disabled }: { label: string; icon: ReactNode; onClick: () => void; testId: string; disabled?: boolean }) {
  return (
    // A plain button with the browser's tooltip: a chain has hundreds of these, and antd's made editing slow.
    <button
      type="button"
      className="wfs-tool"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      disabled={disabled}
      title={label}
      aria-label={label}
      data-testid={testId}
    >
      {icon}
    </button>
  );
}

/** Up / down / delete tools of a card or group. */
function CardTools({ id, first, last, view }: { id: string; first: boolean; last: boolean; view: ChainView }) {
  const { t } = useTranslation('wfSimple');
  if (view.readOnly) return null;
  return (
    <>
      <Tool label={t('action.moveUp')} icon={<ArrowUpOutlined />} onClick={() => view.act.move(id, -1)} disabled={first} testId={`wfs-card-up-${id}`} />
      <Tool label={t('action.moveDown')} icon={<ArrowDownOutlined />} onClick={() => view.act.move(id, 1)} disabled={last} testId={`wfs-card-down-${id}`} />
      <Tool label={t('action.delete')} icon={<CloseOutlined />} onClick={() => view.act.remove(id)} testId={`wfs-card-delete-${id}`} />
    </>
  );
}

interface NodeCardProps {
  node: Extract<SimpleNode, { type: 'approver' | 'cc' }>;
  first: boolean;
  last: boolean;
  view: ChainView;
}

/** An approver or CC card; it renders again only when its own node, place, problems or marks change. */
const NodeCard = memo(
  function NodeCard({ node, first, last, view }: NodeCardProps) {
    const { t } = useTranslation('wfSimple');
    const { issues, visited, selected } = useMarks(view.marks, node.id);
    const lines = node.type === 'approver' ? approverSummary(t, node, view.act.fieldLabel) : [ccSummary(t, node)].filter(Boolean);
    return (
      <CardFrame
        id={node.id}
        testId={`wfs-card-${node.id}`}
        type={node.type}
        title={node.name || t(`default.${node.type}`)}
        accent={ACCENT[node.type]}
        extra={<CardTools id={node.id} first={first} last={last} view={view} />}
        issues={issues}
        visited={visited}
        selected={selected}
        onClick={() => view.act.select(node.id)}
      >
        {lines.length === 0 ? (
          <Typography.Text type="secondary">{t('card.choose', { what: t(`add.${node.type}`) })}</Typography.Text>
        ) : (
          lines.map((l, i) => (
            <div key={i} className={i === 0 ? 'wfs-card-main' : 'wfs-card-sub'}>
              {l}
            </div>
          ))
        )}
      </CardFrame>
    );
  },
  (a, b) => a.node === b.node && a.first === b.first && a.last === b.last && a.view === b.view,
);

interface BranchHeadProps {
  branch: SimpleConditionBranch | SimpleParallelBranch;
  kind: 'condition' | 'parallel';
  index: number;
  count: number;
  view: ChainView;
}

/** The card heading a branch: a condition (name, priority, the condition as a sentence) or a parallel branch. */
const BranchHead = memo(
  function BranchHead({ branch, kind, index, count, view }: BranchHeadProps) {
    const { t } = useTranslation('wfSimple');
    const { issues, visited, selected } = useMarks(view.marks, branch.id);
    const otherwise = 'otherwise' in branch && branch.otherwise;
    const movable = !otherwise && !view.readOnly;
    const lastMovable = kind === 'condition' ? count - 2 : count - 1;
    const sentence = kind === 'condition' && !otherwise ? branchSentence(t, branch as SimpleConditionBranch) : '';
    return (
      <CardFrame
        id={branch.id}
        testId={`wfs-branch-${branch.id}`}
        type={kind === 'condition' ? (otherwise ? 'otherwise' : 'branch') : 'parallel-branch'}
        title={
          <>
            {branch.name}
            {kind === 'condition' && <span className="wfs-card-priority">{otherwise ? t('card.otherwise') : t('card.priority', { n: index + 1 })}</span>}
          </>
        }
        extra={
          view.readOnly ? null : (
            <>
              {movable && (
                <Tool
                  label={t('action.moveLeft')}
                  icon={<ArrowLeftOutlined />}
                  onClick={() => view.act.moveBranch(branch.id, -1)}
                  disabled={index === 0}
                  testId={`wfs-branch-left-${branch.id}`}
                />
              )}
              {movable && (
                <Tool
                  label={t('action.moveRight')}
                  icon={<ArrowRightOutlined />}
                  onClick={() => view.act.moveBranch(branch.id, 1)}
                  disabled={index >= lastMovable}
                  testId={`wfs-branch-right-${branch.id}`}
                />
              )}
              {!otherwise && (
                <Tool
                  label={t('action.deleteBranch')}
                  icon={<CloseOutlined />}
                  onClick={() => view.act.removeBranch(branch.id)}
                  testId={`wfs-branch-delete-${branch.id}`}
                />
              )}
            </>
          )
        }
        issues={issues}
        visited={visited}
        selected={selected}
        onClick={() => view.act.select(branch.id)}
      >
        {kind === 'parallel' ? (
          <Typography.Text type="secondary">{t('card.parallelBranch')}</Typography.Text>
        ) : otherwise ? (
          <Typography.Text type="secondary">{t('card.otherwiseHint')}</Typography.Text>
        ) : sentence ? (
          <div className="wfs-card-main">{sentence}</div>
        ) : (
          <Typography.Text type="secondary">{t('card.noCondition')}</Typography.Text>
        )}
      </CardFrame>
    );
  },
  (a, b) => a.branch === b.branch && a.kind === b.kind && a.index === b.index && a.count === b.count && a.view === b.view,
);

/** A condition or parallel group: its branches side by side, each a chain of its own. */
const GroupView = memo(function GroupView({
  group,
  first,
  last,
  view,
}: {
  group: Extract<SimpleNode, { type: 'condition' | 'parallel' }>;
  first: boolean;
  last: boolean;
  view: ChainView;
}) {
  const { t } = useTranslation('wfSimple');
  const { issues, visited } = useMarks(view.marks, group.id);
  const branches = group.branches as (SimpleConditionBranch | SimpleParallelBranch)[];
  return (
    <div className="wfs-group" data-testid={`wfs-card-${group.id}`} data-id={group.id} data-type={group.type} data-visited={visited ? 'true' : undefined}>
      <div className="wfs-group-top">
        {!view.readOnly && (
          <Button size="small" shape="round" onClick={() => view.act.addBranch(group.id)} data-testid={`wfs-branch-add-${group.id}`}>
            {t(group.type === 'condition' ? 'action.addCondition' : 'action.addBranch')}
          </Button>
        )}
        <span className="wfs-group-tools">
          <CardTools id={group.id} first={first} last={last} view={view} />
        </span>
        {issues.map((m, i) => (
          <Typography.Text key={i} type="danger" className="wfs-group-issue">
            {m}
          </Typography.Text>
        ))}
      </div>
      <div className="wfs-branches">
        {branches.map((b, i) => (
          <div className="wfs-branch" key={b.id}>
            <BranchHead branch={b} kind={group.type} index={i} count={branches.length} view={view} />
            <AddSlot anchor={branchAnchor(b.id)} testId={`wfs-add-branch-${b.id}`} act={view.act} readOnly={view.readOnly} />
            <ChainNodes nodes={b.nodes} view={view} />
            <div className="wfs-fill" />
          </div>
        ))}
      </div>
    </div>
  );
});

/** A chain: each card (or group) followed by its "+". */
export const ChainNodes = memo(function ChainNodes({ nodes, view }: { nodes: SimpleNode[]; view: ChainView }) {
  return (
    <>
      {nodes.map((n, i) => (
        <div className="wfs-item" key={n.id}>
          {n.type === 'condition' || n.type === 'parallel' ? (
            <GroupView group={n} first={i === 0} last={i === nodes.length - 1} view={view} />
          ) : (
            <NodeCard node={n} first={i === 0} last={i === nodes.length - 1} view={view} />
          )}
          <AddSlot anchor={n.id} testId={`wfs-add-${n.id}`} act={view.act} readOnly={view.readOnly} />
        </div>
      ))}
    </>
  );
});

/** The initiator card: its name, who may launch and the bound forms. */
export function StartCard({ model, lines, view }: { model: SimpleProcess; lines: string[]; view: ChainView }) {
  const { t } = useTranslation('wfSimple');
  const { visited, selected } = useMarks(view.marks, 'start');
  return (
    <CardFrame
      id="start"
      testId="wfs-card-start"
      type="start"
      // The default name (stored in Chinese) reads in the user's language.
      title={model.startName && model.startName !== '发起人' ? model.startName : t('card.start')}
      accent={ACCENT.start}
      issues={NO_ISSUES}
      visited={visited}
      selected={selected}
      onClick={() => view.act.select('start')}
    >
      {lines.map((l, i) => (
        <div key={i} className={i === 0 ? 'wfs-card-main' : 'wfs-card-sub'}>
          {l}
        </div>
      ))}
    </CardFrame>
  );
}

/** The end of the process. */
export function EndMark({ model, visited }: { model: SimpleProcess; visited: boolean }) {
  const { t } = useTranslation('wfSimple');
  const { token } = theme.useToken();
  return (
    <div className="wfs-end" data-testid="wfs-card-end" data-type="end" data-visited={visited ? 'true' : undefined} style={{ color: token.colorTextSecondary }}>
      <span className="wfs-end-dot" style={{ background: visited ? token.colorSuccess : token.colorTextQuaternary }} />
      {model.endName && model.endName !== '结束' ? model.endName : t('card.end')}
    </div>
  );
}
