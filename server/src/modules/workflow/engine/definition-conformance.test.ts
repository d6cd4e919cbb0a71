import { describe, expect, it } from 'vitest';
import { bpmnDocument, bpmnProcess, chain, flow, scriptTask, userTask } from '../../../test/bpmn-builder.js';
import { loadFixture } from '../fixtures/index.js';
import { parseDefinition } from './definition.js';
import { validateDefinition } from './validate.js';

/**
 * What real-world BPMN files (Camunda Modeler, Flowable, Signavio, bpmn.io) do to parsing and validation: each
 * either reads as BPMN says or is refused with one precise message.
 */

const errors = async (xml: string) => (await validateDefinition(xml)).issues.filter((i) => i.severity !== 'warning');
const warnings = async (xml: string) => (await validateDefinition(xml)).issues.filter((i) => i.severity === 'warning');
const keysOf = (issues: { elementId: string | null; key: string }[]) => issues.map((i) => `${i.elementId ?? '-'}:${i.key}`);

const START_END = '<bpmn:startEvent id="start" /><bpmn:endEvent id="end" />';

describe('sequence flows without an id', () => {
  it('get stable generated ids and keep the graph intact', async () => {
    const xml = bpmnProcess(
      `${START_END}${userTask('a', ['u1'])}${userTask('b', ['u1'])}${flow(null, 'start', 'a')}${flow(null, 'a', 'b')}${flow(null, 'b', 'end')}`,
    );
    const { graph, issues } = await validateDefinition(xml);
    expect(issues).toEqual([]);
    expect(Object.keys(graph!.flows).sort()).toEqual(['Flow_a_b', 'Flow_b_end', 'Flow_start_a']);
    expect(graph!.nodes.a!.outgoing).toEqual(['Flow_a_b']);
    // The same document gives the same ids.
    expect(Object.keys((await parseDefinition(xml)).graph!.flows).sort()).toEqual(Object.keys(graph!.flows).sort());
  });

  it('two id-less flows between the same nodes stay two flows', async () => {
    const xml = bpmnProcess(
      `${START_END}<bpmn:parallelGateway id="fork" /><bpmn:parallelGateway id="join" />${chain('start', 'fork')}${flow(null, 'fork', 'join')}${flow(null, 'fork', 'join')}${chain('join', 'end')}`,
    );
    const { graph, issues } = await validateDefinition(xml);
    expect(issues).toEqual([]);
    expect(graph!.nodes.join!.incoming).toHaveLength(2);
  });
});

describe('collaborations with several pools', () => {
  const pool = (id: string, executable: string, task: string) =>
    `<bpmn:process id="${id}" name="${id}"${executable}><bpmn:startEvent id="${id}_s" />${userTask(task, ['u1'])}<bpmn:endEvent id="${id}_e" />${chain(`${id}_s`, task, `${id}_e`)}</bpmn:process>`;
  const collaboration = (a: string, b: string) =>
    bpmnDocument(
      `<bpmn:collaboration id="c"><bpmn:participant id="pa" processRef="customer" /><bpmn:participant id="pb" processRef="company" /><bpmn:messageFlow id="m1" sourceRef="customer_t" targetRef="company_t" /></bpmn:collaboration>${pool('customer', a, 'customer_t')}${pool('company', b, 'company_t')}`,
    );

  it('runs the process marked executable and says plainly what is not run', async () => {
    const { graph, issues } = await validateDefinition(collaboration(' isExecutable="false"', ' isExecutable="true"'));
    expect(graph!.processId).toBe('company');
    expect(keysOf(issues.filter((i) => i.severity !== 'warning'))).toEqual([]);
    expect(keysOf(issues)).toEqual(['customer:workflowScheme.processIgnored', '-:workflowScheme.messageFlowsIgnored']);
  });

  it('asks which one when two processes could run', async () => {
    const { graph, issues } = await validateDefinition(collaboration(' isExecutable="true"', ' isExecutable="true"'));
    expect(graph).toBeNull();
    expect(issues[0]).toMatchObject({ key: 'workflowScheme.severalProcesses', params: { processes: 'customer、company' } });
  });

  it('validates the process that runs, not the first with a start event', async () => {
    const xml = collaboration(' isExecutable="false"', ' isExecutable="true"').replace(`${userTask('company_t', ['u1'])}`, '<bpmn:userTask id="company_t" />');
    expect(keysOf(await errors(xml))).toEqual(['company_t:workflowScheme.invalidNoCandidate']);
  });
});

describe('script bodies and condition languages are not reinterpreted', () => {
  const gateway = (language: string) =>
    bpmnProcess(
      `${START_END}<bpmn:exclusiveGateway id="gw" default="f_no" />${userTask('yes', ['u1'])}${chain('start', 'gw')}` +
        `<bpmn:sequenceFlow id="f_yes" sourceRef="gw" targetRef="yes"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"${language}>amount &gt; 100</bpmn:conditionExpression></bpmn:sequenceFlow>` +
        `${flow('f_no', 'gw', 'end')}${chain('yes', 'end')}`,
    );

  it.each(['JavaScript', 'groovy', 'python', 'http://www.w3.org/1999/XPath'])('a %s condition is refused', async (language) => {
    const found = await errors(gateway(` language="${language}"`));
    expect(found).toEqual([{ elementId: 'f_yes', key: 'workflowScheme.conditionLanguage', params: { flow: 'f_yes', language } }]);
  });

  it('a condition without a language (JUEL style) is our expression language', async () => {
    expect(await errors(gateway(''))).toEqual([]);
    expect(await errors(gateway(' language="juel"'))).toEqual([]);
  });

  it('a script task with a Groovy body and no actions is refused; with actions the body is a warning', async () => {
    const body = '<bpmn:scriptTask id="calc" name="Calc" scriptFormat="groovy"><bpmn:script>x = 1</bpmn:script></bpmn:scriptTask>';
    expect(keysOf(await errors(bpmnProcess(`${START_END}${body}${chain('start', 'calc', 'end')}`)))).toEqual(['calc:workflowScheme.scriptNotRun']);
    const both = scriptTask('calc', [['x', '1']])
      .replace('<bpmn:scriptTask id="calc" name="calc">', '<bpmn:scriptTask id="calc" name="calc" scriptFormat="groovy">')
      .replace('</bpmn:scriptTask>', '<bpmn:script>x = 1</bpmn:script></bpmn:scriptTask>');
    const xml = bpmnProcess(`${START_END}${both}${chain('start', 'calc', 'end')}`);
    expect(await errors(xml)).toEqual([]);
    expect(keysOf(await warnings(xml))).toEqual(['calc:workflowScheme.scriptBodyIgnored']);
  });
});

describe('each unsupported construct has its own message, once', () => {
  const withBoundary = (definition: string) =>
    bpmnProcess(
      `${START_END}${userTask('task', ['u1'])}${userTask('handle', ['u1'])}<bpmn:endEvent id="end2" />` +
        `<bpmn:boundaryEvent id="b" attachedToRef="task">${definition}</bpmn:boundaryEvent>${chain('start', 'task', 'end')}${chain('b', 'handle', 'end2')}`,
    );

  it.each([
    ['<bpmn:errorEventDefinition />', 'workflowScheme.boundaryError'],
    ['<bpmn:signalEventDefinition />', 'workflowScheme.boundarySignal'],
    ['<bpmn:messageEventDefinition />', 'workflowScheme.boundaryMessage'],
    ['<bpmn:escalationEventDefinition />', 'workflowScheme.boundaryEscalation'],
    [
      '<bpmn:conditionalEventDefinition><bpmn:condition xsi:type="bpmn:tFormalExpression">x</bpmn:condition></bpmn:conditionalEventDefinition>',
      'workflowScheme.boundaryConditional',
    ],
    ['<bpmn:compensateEventDefinition />', 'workflowScheme.boundaryCompensate'],
    ['<bpmn:cancelEventDefinition />', 'workflowScheme.boundaryCancel'],
  ])('%s boundary event: one message, no cascade', async (definition, key) => {
    expect(keysOf(await errors(withBoundary(definition)))).toEqual([`b:${key}`]);
  });

  it.each([
    ['<bpmn:serviceTask id="x" camunda:class="a.B" />', 'workflowScheme.refuseServiceTask'],
    ['<bpmn:sendTask id="x" />', 'workflowScheme.refuseSendTask'],
    ['<bpmn:receiveTask id="x" />', 'workflowScheme.refuseReceiveTask'],
    ['<bpmn:businessRuleTask id="x" />', 'workflowScheme.refuseBusinessRuleTask'],
    ['<bpmn:eventBasedGateway id="x" />', 'workflowScheme.refuseEventGateway'],
    ['<bpmn:complexGateway id="x" />', 'workflowScheme.refuseComplexGateway'],
    ['<bpmn:intermediateCatchEvent id="x"><bpmn:messageEventDefinition /></bpmn:intermediateCatchEvent>', 'workflowScheme.refuseCatchEvent'],
    ['<bpmn:intermediateThrowEvent id="x"><bpmn:signalEventDefinition /></bpmn:intermediateThrowEvent>', 'workflowScheme.refuseThrowEvent'],
    ['<bpmn:transaction id="x"><bpmn:startEvent id="x_s" /></bpmn:transaction>', 'workflowScheme.refuseTransaction'],
    ['<bpmn:task id="x"><bpmn:standardLoopCharacteristics /></bpmn:task>', 'workflowScheme.refuseStandardLoop'],
  ])('%s in the middle of a chain: one message, nothing after it unreachable', async (element, key) => {
    const xml = bpmnProcess(`${START_END}${element}${userTask('after', ['u1'])}${chain('start', 'x', 'after', 'end')}`);
    expect(keysOf(await errors(xml))).toEqual([`x:${key}`]);
  });

  it('an event sub-process is refused by name', async () => {
    const xml = bpmnProcess(
      `${START_END}${chain('start', 'end')}<bpmn:subProcess id="esp" triggeredByEvent="true"><bpmn:startEvent id="esp_s"><bpmn:errorEventDefinition /></bpmn:startEvent></bpmn:subProcess>`,
    );
    expect(keysOf(await errors(xml))).toEqual(['esp:workflowScheme.refuseEventSubProcess']);
  });

  it('a timer cycle is a readable timer, not "the time is wrong"', async () => {
    const xml = bpmnProcess(
      `${START_END}${userTask('task', ['u1'])}${userTask('remindTask', ['u1'])}<bpmn:endEvent id="end2" /><bpmn:boundaryEvent id="b" attachedToRef="task" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeCycle>R3/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:boundaryEvent>${chain('start', 'task', 'end')}${chain('b', 'remindTask', 'end2')}`,
    );
    expect(await errors(xml)).toEqual([]);
  });
});

describe('timer boundary hosts', () => {
  const timer = '<bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition>';
  it('a timer on a script task is refused by name; on a sub-process it needs a flow', async () => {
    const onScript = bpmnProcess(
      `${START_END}${scriptTask('calc', [['x', '1']])}<bpmn:boundaryEvent id="b" attachedToRef="calc">${timer}</bpmn:boundaryEvent>${chain('start', 'calc', 'end')}`,
    );
    expect(keysOf(await errors(onScript))).toEqual(['b:workflowScheme.timerHost']);
    const onSub = bpmnProcess(
      `${START_END}<bpmn:subProcess id="sub">${userTask('a', ['u1'])}</bpmn:subProcess><bpmn:boundaryEvent id="b" attachedToRef="sub">${timer}</bpmn:boundaryEvent>${chain('start', 'sub', 'end')}`,
    );
    expect(keysOf(await errors(onSub))).toEqual(['b:workflowScheme.timerNeedsFlow']);
  });
});

describe('harmless XML problems are warnings, in the API as in the designer', () => {
  it('an ISO-8859-1 declaration', async () => {
    const xml = loadFixture('linear', { lisi: 'u1', wangwu: 'u2' }).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const { graph, issues } = await validateDefinition(xml);
    expect(graph).not.toBeNull();
    expect(issues.every((i) => i.severity === 'warning')).toBe(true);
  });

  it('a diagram plane that references a missing process', async () => {
    const xml = loadFixture('linear', { lisi: 'u1', wangwu: 'u2' }).replace('bpmnElement="linear"', 'bpmnElement="nowhere"');
    const { issues } = await validateDefinition(xml);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.severity === 'warning' && i.key === 'workflowScheme.xmlWarning')).toBe(true);
  });
});

describe('what bpmn-moddle says about a document', () => {
  it('unknown attributes are one warning; content it drops is an error', async () => {
    const colours = bpmnProcess(
      `${START_END}${userTask('a', ['u1']).replace('<bpmn:userTask id="a" name="a"', '<bpmn:userTask id="a" name="a" bioc:stroke="#000" bioc:fill="#fff"')}${chain('start', 'a', 'end')}`,
    );
    const found = await validateDefinition(colours);
    expect(found.issues).toEqual([
      { elementId: null, key: 'workflowScheme.xmlUnknownAttributes', params: { count: 2, names: 'bioc:stroke, bioc:fill' }, severity: 'warning' },
    ]);
    // An undeclared prefix makes moddle give up on the element's content: that is said, as an error, once.
    const undeclared = bpmnProcess(`${START_END}${userTask('a', ['u1'])}<bpmn:task id="lost" foo:bar="1" />${chain('start', 'a', 'lost', 'end')}`);
    expect(keysOf(await errors(undeclared))).toEqual(['-:workflowScheme.xmlUnparsable']);
  });
});

describe('sub-processes are scopes', () => {
  it('keeps the sub-process as a node with its start nodes; inner nodes name their scope', async () => {
    const { graph, issues } = await validateDefinition(loadFixture('embedded-subprocess', { lisi: 'u1', wangwu: 'u2', admin: 'u3' }));
    expect(issues).toEqual([]);
    expect(graph!.nodes.sub).toMatchObject({ type: 'subProcess', startNodes: ['sub_start'] });
    expect(graph!.nodes.inner!.scope).toBe('sub');
    expect(graph!.nodes.sub_end).toMatchObject({ type: 'endEvent', scope: 'sub' });
  });

  it('without a start event, every inner node without incoming flow starts', async () => {
    const xml = bpmnProcess(
      `${START_END}<bpmn:subProcess id="sub">${userTask('a', ['u1'])}${userTask('b', ['u1'])}<bpmn:endEvent id="se" />${chain('a', 'se')}</bpmn:subProcess>${chain('start', 'sub', 'end')}`,
    );
    const { graph, issues } = await validateDefinition(xml);
    expect(issues).toEqual([]);
    expect(graph!.nodes.sub!.startNodes).toEqual(['a', 'b']);
  });

  it('a multi-instance sub-process reads its cardinality, collection and completion condition', async () => {
    const loop =
      '<bpmn:multiInstanceLoopCharacteristics isSequential="true" camunda:collection="${reviewers}" camunda:elementVariable="reviewer"><bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances >= 2}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics>';
    const xml = bpmnProcess(`${START_END}<bpmn:subProcess id="sub">${loop}${userTask('a', ['u1'])}</bpmn:subProcess>${chain('start', 'sub', 'end')}`);
    const { graph, issues } = await validateDefinition(xml);
    expect(issues).toEqual([]);
    expect(graph!.nodes.sub!.multiInstance).toEqual({
      sequential: true,
      collection: 'reviewers',
      elementVariable: 'reviewer',
      completionCondition: 'nrOfCompletedInstances >= 2',
    });
  });
});

describe('loops without a wait state', () => {
  it('are a warning naming the loop, and a loop through a user task is not', async () => {
    const spin = bpmnProcess(
      `${START_END}${scriptTask('inc', [['i', 'i + 1']])}<bpmn:exclusiveGateway id="gw" default="back" />${chain('start', 'inc', 'gw')}${flow('out', 'gw', 'end', 'i > 1000000')}${flow('back', 'gw', 'inc')}`,
    );
    const found = await validateDefinition(spin);
    expect(found.issues).toEqual([{ elementId: 'inc', key: 'workflowScheme.loopWithoutWait', params: { nodes: 'inc → gw' }, severity: 'warning' }]);
    const waits = spin.replace(scriptTask('inc', [['i', 'i + 1']]), userTask('inc', ['u1']));
    expect((await validateDefinition(waits)).issues).toEqual([]);
  });
});
