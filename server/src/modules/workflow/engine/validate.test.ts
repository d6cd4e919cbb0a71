import { describe, expect, it } from 'vitest';
import { translate } from '../../../core/i18n/index.js';
import { FIXTURES, loadFixture } from '../fixtures/index.js';
import { parseDefinition } from './definition.js';
import type { WfGraph } from './types.js';
import { parseIsoDuration, parseTimerDate } from './timers.js';
import { validateDefinition, validateGraph } from './validate.js';

const ids = { lisi: 'u-lisi', wangwu: 'u-wangwu', admin: 'u-admin' };
const graphOf = async (name: string): Promise<WfGraph> => (await parseDefinition(loadFixture(name, ids))).graph!;
const keys = (g: WfGraph, opts?: Parameters<typeof validateGraph>[1]) => validateGraph(g, opts).map((i) => `${i.elementId ?? '-'}:${i.key}`);

describe('validateGraph', () => {
  it.each(FIXTURES)('fixture %s is valid', async (name) => {
    expect(validateGraph(await graphOf(name))).toEqual([]);
  });

  it('checks called scheme codes when they are known', async () => {
    const g = await graphOf('call-parent');
    expect(validateGraph(g, { knownSchemeCodes: ['child-process'] })).toEqual([]);
    expect(validateGraph(g, { knownSchemeCodes: ['other'] })).toEqual([
      { elementId: 'call', key: 'workflowScheme.invalidCalledScheme', params: { node: 'Child process', code: 'child-process' } },
    ]);
  });

  type Breaker = [string, string, (g: WfGraph) => void, string[]];
  it.each<Breaker>([
    [
      'no start event',
      'linear',
      (g) => {
        g.nodes.start!.type = 'passThrough';
        g.startNodeId = '';
      },
      ['-:workflowScheme.invalidStartCount'],
    ],
    [
      'two start events',
      'linear',
      (g) => {
        g.nodes.manager!.type = 'startEvent';
        g.nodes.manager!.config = {};
      },
      ['manager:workflowScheme.invalidStartCount'],
    ],
    [
      'end not reachable',
      'linear',
      (g) => {
        g.flows.f3!.target = 'finance';
        g.nodes.end!.incoming = [];
      },
      ['-:workflowScheme.invalidNoEnd', 'end:workflowScheme.invalidUnreachable'],
    ],
    [
      'unreachable node',
      'linear',
      (g) => {
        g.nodes.orphan = { ...g.nodes.manager!, id: 'orphan', name: 'Orphan', incoming: [], outgoing: [] };
      },
      ['orphan:workflowScheme.invalidUnreachable'],
    ],
    [
      'user task without candidates',
      'linear',
      (g) => {
        g.nodes.manager!.config = {};
      },
      ['manager:workflowScheme.invalidNoCandidate'],
    ],
    [
      'user task with empty candidate list',
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [] };
      },
      ['manager:workflowScheme.invalidNoCandidate'],
    ],
    [
      'user task whose rules name nobody',
      'linear',
      (g) => {
        g.nodes.manager!.config = {
          candidates: [
            { type: 'user', ids: [] },
            { type: 'role', ids: [] },
            { type: 'formField', ids: [] },
          ],
        };
      },
      ['manager:workflowScheme.invalidNoCandidate'],
    ],
    [
      'department-head rule without departments (the node names somebody else)',
      'linear',
      (g) => {
        g.nodes.manager!.config = {
          candidates: [
            { type: 'departmentHead', ids: [] },
            { type: 'user', ids: ['u-lisi'] },
          ],
        };
      },
      ['manager:workflowScheme.invalidDepartmentHead'],
    ],
    [
      'department-head rule alone without departments',
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'departmentHead', ids: [] }] };
      },
      ['manager:workflowScheme.invalidNoCandidate', 'manager:workflowScheme.invalidDepartmentHead'],
    ],
    [
      'starter’s choice and leader levels always name somebody; a department head with departments too',
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'starterChoice' }] };
        g.nodes.finance!.config = {
          candidates: [
            { type: 'starterLeader', level: 3 },
            { type: 'departmentHead', ids: ['d1'] },
          ],
        };
      },
      [],
    ],
    [
      'leader level out of range',
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'starterLeader', level: 11 }] };
      },
      ['manager:workflowScheme.invalidNodeConfig'],
    ],
    [
      "whenNoCandidate 'admin' without fallback users",
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'user', ids: ['u-lisi'] }], whenNoCandidate: 'admin' };
      },
      ['manager:workflowScheme.invalidFallbackUsers'],
    ],
    [
      "whenNoCandidate 'admin' with a fallback user",
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'user', ids: ['u-lisi'] }], whenNoCandidate: 'admin', fallbackUsers: ['u-admin'] };
      },
      [],
    ],
    [
      'carbon copy without objects',
      'script',
      (g) => {
        g.nodes.calc!.config = { actions: [{ type: 'circulate', objects: [] }] };
      },
      ['calc:workflowScheme.invalidCirculateObjects'],
    ],
    [
      'script setting an engine variable',
      'script',
      (g) => {
        g.nodes.calc!.config = { actions: [{ type: 'set', variable: '__starterChoice', expression: '1' }] };
      },
      ['calc:workflowScheme.invalidReservedVariable'],
    ],
    [
      'carbon copy with objects',
      'script',
      (g) => {
        g.nodes.calc!.config = { actions: [{ type: 'circulate', objects: [{ F_ObjId: 'u-lisi', F_ObjType: '3' }] }] };
      },
      [],
    ],
    [
      'user task with a wrong config',
      'linear',
      (g) => {
        g.nodes.manager!.config = { candidates: [{ type: 'alien' }] };
      },
      ['manager:workflowScheme.invalidNodeConfig'],
    ],
    [
      'bad condition',
      'exclusive',
      (g) => {
        g.flows.f_long!.condition = 'days >';
      },
      ['f_long:workflowScheme.invalidCondition'],
    ],
    [
      'gateway without default',
      'exclusive',
      (g) => {
        delete g.nodes.gw!.defaultFlow;
      },
      ['gw:workflowScheme.invalidGatewayRoute'],
    ],
    [
      'inclusive gateway without default',
      'inclusive',
      (g) => {
        delete g.nodes.fork!.defaultFlow;
      },
      ['fork:workflowScheme.invalidGatewayRoute'],
    ],
    [
      'call activity without code',
      'call-parent',
      (g) => {
        delete g.nodes.call!.calledElement;
      },
      ['call:workflowScheme.invalidCallActivity'],
    ],
    [
      'timer without time',
      'timer-remind',
      (g) => {
        g.nodes.remind!.timer = {};
      },
      ['remind:workflowScheme.invalidTimer'],
    ],
    [
      'timer with a bad duration',
      'timer-remind',
      (g) => {
        g.nodes.remind!.timer = { duration: '1 hour' };
      },
      ['remind:workflowScheme.invalidTimer'],
    ],
    [
      'timer with a bad action',
      'timer-approve',
      (g) => {
        g.nodes.auto!.config = { action: 'explode' };
      },
      ['auto:workflowScheme.invalidNodeConfig'],
    ],
    [
      'script with a bad expression',
      'script',
      (g) => {
        g.nodes.calc!.config = { actions: [{ type: 'set', variable: 'x', expression: '1 +' }] };
      },
      ['calc:workflowScheme.invalidNodeConfig'],
    ],
  ])('%s', async (_, fixture, breakIt, expected) => {
    const g = structuredClone(await graphOf(fixture));
    breakIt(g);
    expect(keys(g)).toEqual(expected);
  });

  it('gives node names and details as message params', async () => {
    const g = structuredClone(await graphOf('exclusive'));
    g.flows.f_long!.condition = "days > 'x";
    g.nodes.long!.config = {};
    const issues = validateGraph(g);
    expect(issues).toContainEqual({ elementId: 'long', key: 'workflowScheme.invalidNoCandidate', params: { node: 'Manager approval' } });
    const cond = issues.find((i) => i.key === 'workflowScheme.invalidCondition')!;
    expect(cond.params!.flow).toBe('More than 3 days');
    expect(String(cond.params!.detail)).toMatch(/unterminated/);
  });
});

describe('validateDefinition', () => {
  it('combines parse and validation issues', async () => {
    expect((await validateDefinition(loadFixture('leave-request', ids))).issues).toEqual([]);
    const broken = loadFixture('linear', ids).replace(/<bpmn:extensionElements>[\s\S]*?<\/bpmn:extensionElements>/, '');
    const r = await validateDefinition(broken);
    expect(r.issues.map((i) => i.key)).toEqual(['workflowScheme.invalidNoCandidate']);
    const bad = await validateDefinition('<nope');
    expect(bad.graph).toBeNull();
    expect(bad.issues[0]!.key).toBe('workflowScheme.invalidXml');
  });
});

describe('timer texts', () => {
  it.each<[string, number | null]>([
    ['PT1H', 3_600_000],
    ['P1D', 86_400_000],
    ['PT30M', 1_800_000],
    ['P1DT12H', 129_600_000],
    ['PT1.5H', 5_400_000],
    ['pt45s', 45_000],
    ['P2W', 14 * 86_400_000],
    ['P', null],
    ['PT', null],
    ['P1DT', null],
    ['PT0S', null],
    ['1H', null],
    ['R3/PT1H', null],
    ['', null],
  ])('parseIsoDuration(%j) = %s', (text, ms) => {
    expect(parseIsoDuration(text)).toBe(ms);
  });

  it('reads timer dates', () => {
    expect(parseTimerDate('2026-12-01T08:00:00Z')!.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(parseTimerDate('2026-12-01 08:00:00')).not.toBeNull();
    expect(parseTimerDate('tomorrow')).toBeNull();
  });
});

describe('approver setting messages', () => {
  it.each([
    ['workflowScheme.invalidDepartmentHead', '审批节点【审批】的部门负责人未选择部门', 'Approval node "审批" has a department-head rule without departments'],
    [
      'workflowScheme.invalidFallbackUsers',
      '审批节点【审批】无审批人时转交管理员，但未指定管理员',
      'Approval node "审批" goes to the administrator when nobody matches, but names no administrator',
    ],
    ['workflowScheme.invalidCirculateObjects', '脚本节点【审批】的抄送未选择抄送对象', 'The carbon copy of script node "审批" names nobody to copy to'],
    ['workflowScheme.invalidReservedVariable', '脚本节点【审批】不能设置系统保留变量 __form', 'Script node "审批" may not set the reserved variable __form'],
  ] as const)('%s in zh and en', (key, zh, en) => {
    expect(translate('zh-CN', key, { node: '审批', variable: '__form' })).toBe(zh);
    expect(translate('en', key, { node: '审批', variable: '__form' })).toBe(en);
  });
});
