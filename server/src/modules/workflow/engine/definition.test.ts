import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureAccounts, loadFixture, readFixture } from '../fixtures/index.js';
import { graphFromJson, parseDefinition, stripExpression } from './definition.js';

const ids = { lisi: 'u-lisi', wangwu: 'u-wangwu', admin: 'u-admin' };

describe('parseDefinition', () => {
  it.each(FIXTURES)('parses fixture %s without issues', async (name) => {
    const { graph, issues } = await parseDefinition(loadFixture(name, ids));
    expect(issues).toEqual([]);
    expect(graph).not.toBeNull();
    expect(graph!.nodes[graph!.startNodeId]?.type).toBe('startEvent');
    // flows and node links agree
    for (const f of Object.values(graph!.flows)) {
      expect(graph!.nodes[f.source]!.outgoing).toContain(f.id);
      expect(graph!.nodes[f.target]!.incoming).toContain(f.id);
    }
    // the stored JSON copy reads back identically
    expect(graphFromJson(JSON.stringify(graph))).toEqual(graph);
  });

  it('builds the linear graph with configs and placeholders replaced', async () => {
    const { graph } = await parseDefinition(loadFixture('linear', ids));
    expect(graph!.processId).toBe('linear');
    expect(graph!.name).toBe('Linear approval');
    const manager = graph!.nodes.manager!;
    expect(manager).toMatchObject({
      type: 'userTask',
      bpmnType: 'bpmn:UserTask',
      name: 'Manager approval',
      incoming: ['f1'],
      outgoing: ['f2'],
      boundaries: [],
    });
    expect(manager.config).toEqual({ candidates: [{ type: 'user', ids: ['u-lisi'] }] });
    expect(graph!.nodes.end!.type).toBe('endEvent');
  });

  it('strips ${…} from conditions and keeps the default flow', async () => {
    const { graph } = await parseDefinition(loadFixture('exclusive', ids));
    expect(graph!.flows.f_long!.condition).toBe('days > 3');
    expect(graph!.flows.f_short!.condition).toBeUndefined();
    expect(graph!.nodes.gw!.defaultFlow).toBe('f_short');
    expect(graph!.nodes.gw!.outgoing).toEqual(['f_long', 'f_short']);
  });

  it('reads multi-instance, timers, call activities and process config', async () => {
    expect((await parseDefinition(loadFixture('countersign-sequential', ids))).graph!.nodes.sign!.multiInstance).toEqual({ sequential: true });
    expect((await parseDefinition(loadFixture('countersign-parallel', ids))).graph!.nodes.sign!.multiInstance).toEqual({ sequential: false });
    const timer = (await parseDefinition(loadFixture('timer-remind', ids))).graph!;
    expect(timer.nodes.remind).toMatchObject({
      type: 'boundaryEvent',
      attachedTo: 'task',
      timer: { duration: 'PT1H' },
      cancelActivity: false,
      config: { action: 'remind' },
    });
    expect(timer.nodes.task!.boundaries).toEqual(['remind']);
    const call = (await parseDefinition(loadFixture('call-parent', ids))).graph!;
    expect(call.nodes.call).toMatchObject({ type: 'callActivity', calledElement: 'child-process' });
    const leave = (await parseDefinition(loadFixture('leave-request', ids))).graph!;
    expect(leave.config).toEqual({ titleTemplate: '{schemeName}-{starter}-{date}' });
    expect(leave.nodes.manager!.config.circulate).toEqual([{ F_ObjId: 'u-wangwu', F_ObjName: 'wangwu', F_ObjType: '3' }]);
  });

  it('reads an embedded sub-process as a scope', async () => {
    const { graph } = await parseDefinition(loadFixture('embedded-subprocess', ids));
    const g = graph!;
    expect(g.nodes.sub).toMatchObject({ type: 'subProcess', startNodes: ['sub_start'], incoming: ['f1'], outgoing: ['f2'] });
    expect(g.nodes.sub_start).toMatchObject({ type: 'startEvent', scope: 'sub' });
    expect(g.nodes.sub_end).toMatchObject({ type: 'endEvent', scope: 'sub', outgoing: [] });
    expect(g.startNodeId).toBe('start');
  });

  it('reports broken XML and bad config JSON instead of throwing', async () => {
    const bad = await parseDefinition('<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><oops');
    expect(bad.graph).toBeNull();
    expect(bad.issues[0]!.key).toBe('workflowScheme.invalidXml');
    expect((await parseDefinition('not xml at all')).graph).toBeNull();
    const xml = loadFixture('linear', ids).replace('{&quot;candidates&quot;', '{oops');
    const r = await parseDefinition(xml);
    expect(r.issues).toContainEqual({ elementId: 'manager', key: 'workflowScheme.invalidConfigJson', params: { element: 'manager' } });
    expect(r.graph!.nodes.manager!.config).toEqual({});
  });

  it('maps unknown flow nodes to passThrough and terminate end events', async () => {
    const xml = loadFixture('linear', ids)
      .replace('<bpmn:endEvent id="end" name="End">', '<bpmn:endEvent id="end" name="End"><bpmn:terminateEventDefinition id="t1" />')
      .replace(/<bpmn:userTask id="finance"([\s\S]*?)<\/bpmn:userTask>/, '<bpmn:manualTask id="finance"$1</bpmn:manualTask>');
    const { graph, issues } = await parseDefinition(xml);
    expect(issues).toEqual([]);
    expect(graph!.nodes.finance).toMatchObject({ type: 'passThrough', bpmnType: 'bpmn:ManualTask' });
    expect(graph!.nodes.end!.terminate).toBe(true);
  });

  it('names the placeholder accounts and refuses a missing one', () => {
    expect(fixtureAccounts(readFixture('reject')).sort()).toEqual(['admin', 'lisi', 'wangwu']);
    expect(() => loadFixture('linear', { lisi: 'x' })).toThrow(/wangwu/);
  });

  it('strips expression wrappers', () => {
    expect(stripExpression(' ${ a > 1 } ')).toBe('a > 1');
    expect(stripExpression('#{x}')).toBe('x');
    expect(stripExpression('${}')).toBeUndefined();
    expect(stripExpression(undefined)).toBeUndefined();
  });
});
