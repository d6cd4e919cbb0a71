import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../test/helpers';
import { endSession } from '../../../lib/session';
import { signInForTest } from '../../../test/session';
import { stubData } from '../../data/test-stub';
import type { DesignerBridge, DiagramElement } from './bridge';
import { PropertiesPanel } from './PropertiesPanel';
import type { ModdleLike } from './wf-config';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

/** A bridge recording the writes (bpmn-js needs a real browser; the e2e test drives the real one). */
function fakeBridge(root: DiagramElement, nodes: ModdleLike[] = []) {
  const writes: { element: string; config?: Record<string, unknown>; props?: Record<string, unknown> }[] = [];
  const bridge: DesignerBridge = {
    create: (type, attrs = {}) => ({ $type: type, ...attrs }),
    update: (element, props) => void writes.push({ element: element.id, props }),
    updateModdle: (element, _el, props) => void writes.push({ element: element.id, props }),
    writeConfig: (element, config) => void writes.push({ element: element.id, config }),
    get: () => undefined,
    nodes: () => nodes,
    root: () => root,
    all: () => [],
  };
  return { bridge, writes };
}

const process: DiagramElement = { id: 'p', type: 'bpmn:Process', businessObject: { $type: 'bpmn:Process', id: 'p' } };

describe('PropertiesPanel', () => {
  it('writes user task fields into wf:config and the name as a property', async () => {
    signInForTest();
    const task: DiagramElement = { id: 't1', type: 'bpmn:UserTask', businessObject: { $type: 'bpmn:UserTask', id: 't1', name: '审批' } };
    const { bridge, writes } = fakeBridge(process, [{ $type: 'bpmn:StartEvent', id: 'start' }, task.businessObject]);
    renderWithApp(<PropertiesPanel bridge={bridge} element={task} forms={[]} />);
    fireEvent.click(await screen.findByTestId('wfd-prop-needPassword'));
    expect(writes.at(-1)).toMatchObject({ element: 't1', config: { needPassword: true, print: true, candidates: [] } });
    fireEvent.click(screen.getByTestId('wfd-candidate-add'));
    expect(writes.at(-1)?.config?.candidates).toEqual([{ type: 'user', ids: [] }]);
    const name = screen.getByTestId('wfd-prop-name');
    fireEvent.change(name, { target: { value: '部门审批' } });
    fireEvent.blur(name);
    expect(writes.at(-1)).toEqual({ element: 't1', props: { name: '部门审批' } });
  });

  it('sets a flow condition and tries it on the server', async () => {
    signInForTest();
    const calls: unknown[] = [];
    stubData([[/^POST \/workflow-scheme-info\/test-condition$/, (_url, body) => (calls.push(body), { result: true, truthy: true, error: null })]]);
    const gateway: DiagramElement = { id: 'g', type: 'bpmn:ExclusiveGateway', businessObject: { $type: 'bpmn:ExclusiveGateway', id: 'g' } };
    const flow: DiagramElement = { id: 'f1', type: 'bpmn:SequenceFlow', businessObject: { $type: 'bpmn:SequenceFlow', id: 'f1' }, source: gateway };
    const { bridge, writes } = fakeBridge(process);
    renderWithApp(
      <PropertiesPanel bridge={bridge} element={flow} forms={[{ formId: 'form1', name: '请假单', fields: [{ formId: 1, vModel: 'days', label: '天数' }] }]} />,
    );
    const input = await screen.findByTestId('wfd-prop-condition');
    fireEvent.change(input, { target: { value: 'days > 3' } });
    fireEvent.blur(input);
    expect(writes.at(-1)).toEqual({ element: 'f1', props: { conditionExpression: { $type: 'bpmn:FormalExpression', body: 'days > 3' } } });
    expect(screen.getByTestId('wfd-prop-defaultFlow')).toBeTruthy();
    fireEvent.change(screen.getByTestId('wfd-test-data'), { target: { value: '{"days": 5}' } });
    fireEvent.click(screen.getByTestId('wfd-test-run'));
    await waitFor(() => expect(screen.getByTestId('wfd-test-result').textContent).toContain('true'));
    expect(calls).toEqual([{ expression: 'days > 3', data: { days: 5 } }]);
  });

  it('writes a timer duration into timeDuration, a called scheme into calledElement, a title template into the process', async () => {
    signInForTest();
    const timerDef: ModdleLike = { $type: 'bpmn:TimerEventDefinition' };
    const timer: DiagramElement = {
      id: 'b1',
      type: 'bpmn:BoundaryEvent',
      businessObject: { $type: 'bpmn:BoundaryEvent', id: 'b1', eventDefinitions: [timerDef] },
    };
    const { bridge, writes } = fakeBridge(process);
    const view = renderWithApp(<PropertiesPanel bridge={bridge} element={timer} forms={[]} />);
    const duration = await screen.findByTestId('wfd-prop-duration');
    fireEvent.change(duration, { target: { value: 'PT2H' } });
    fireEvent.blur(duration);
    expect(writes.at(-1)).toEqual({
      element: 'b1',
      props: { timeDuration: { $type: 'bpmn:FormalExpression', body: 'PT2H' }, timeDate: undefined, timeCycle: undefined },
    });
    fireEvent.click(screen.getByTestId('wfd-prop-cancelActivity'));
    expect(writes.at(-1)).toEqual({ element: 'b1', props: { cancelActivity: false } });
    view.unmount();

    const call: DiagramElement = { id: 'c1', type: 'bpmn:CallActivity', businessObject: { $type: 'bpmn:CallActivity', id: 'c1' } };
    const second = renderWithApp(<PropertiesPanel bridge={bridge} element={call} forms={[]} />);
    const code = await screen.findByTestId('wfd-prop-calledElement');
    fireEvent.change(code, { target: { value: ' expense ' } });
    fireEvent.blur(code);
    expect(writes.at(-1)).toEqual({ element: 'c1', props: { calledElement: 'expense' } });
    second.unmount();

    renderWithApp(<PropertiesPanel bridge={bridge} element={process} forms={[]} />);
    const title = await screen.findByTestId('wfd-prop-titleTemplate');
    fireEvent.change(title, { target: { value: '{schemeName}-{starter}' } });
    fireEvent.blur(title);
    expect(writes.at(-1)).toEqual({ element: 'p', config: { titleTemplate: '{schemeName}-{starter}' } });
  });

  it('a timer given as a cycle is written to timeCycle; with an outgoing flow the panel says what BPMN does', async () => {
    signInForTest();
    const timerDef: ModdleLike = { $type: 'bpmn:TimerEventDefinition', timeCycle: { $type: 'bpmn:FormalExpression', body: 'R3/PT1H' } };
    const flow = { id: 'bf', type: 'bpmn:SequenceFlow', businessObject: { $type: 'bpmn:SequenceFlow', id: 'bf' } } as DiagramElement;
    const timer: DiagramElement = {
      id: 'b2',
      type: 'bpmn:BoundaryEvent',
      businessObject: { $type: 'bpmn:BoundaryEvent', id: 'b2', cancelActivity: false, eventDefinitions: [timerDef] },
      outgoing: [flow],
    };
    const { bridge, writes } = fakeBridge(process);
    renderWithApp(<PropertiesPanel bridge={bridge} element={timer} forms={[]} />);
    const text = await screen.findByTestId('wfd-prop-duration');
    expect((text as HTMLInputElement).value).toBe('R3/PT1H');
    expect(screen.getByTestId('wfd-timer-flow-hint').textContent).toContain('不中断');
    expect(screen.queryByTestId('wfd-prop-timerAction')).toBeNull();
    fireEvent.change(text, { target: { value: 'R/P1D' } });
    fireEvent.blur(text);
    expect(writes.at(-1)).toEqual({
      element: 'b2',
      props: { timeDuration: undefined, timeDate: undefined, timeCycle: { $type: 'bpmn:FormalExpression', body: 'R/P1D' } },
    });
  });

  it('makes a sub-process multi-instance over a list with a completion rule', async () => {
    signInForTest();
    const loop: ModdleLike = {
      $type: 'bpmn:MultiInstanceLoopCharacteristics',
      isSequential: false,
      loopCardinality: { $type: 'bpmn:FormalExpression', body: '3' },
    };
    const sub: DiagramElement = { id: 's1', type: 'bpmn:SubProcess', businessObject: { $type: 'bpmn:SubProcess', id: 's1', loopCharacteristics: loop } };
    const { bridge, writes } = fakeBridge(process);
    renderWithApp(<PropertiesPanel bridge={bridge} element={sub} forms={[]} />);
    const cardinality = await screen.findByTestId('wfd-prop-cardinality');
    expect((cardinality as HTMLInputElement).value).toBe('3');
    fireEvent.change(cardinality, { target: { value: 'len(regions)' } });
    fireEvent.blur(cardinality);
    expect(writes.at(-1)).toEqual({ element: 's1', props: { loopCardinality: { $type: 'bpmn:FormalExpression', body: 'len(regions)' } } });
    const condition = screen.getByTestId('wfd-prop-completionCondition');
    fireEvent.change(condition, { target: { value: 'nrOfCompletedInstances >= 2' } });
    fireEvent.blur(condition);
    expect(writes.at(-1)).toEqual({ element: 's1', props: { completionCondition: { $type: 'bpmn:FormalExpression', body: 'nrOfCompletedInstances >= 2' } } });
  });

  it('a sub-process whose config names a list shows the list and the item variable', async () => {
    signInForTest();
    const loop: ModdleLike = { $type: 'bpmn:MultiInstanceLoopCharacteristics', isSequential: true };
    const config = { $type: 'wf:Config', body: JSON.stringify({ collection: 'regions', elementVariable: 'region', completion: 'any' }) };
    const sub: DiagramElement = {
      id: 's2',
      type: 'bpmn:SubProcess',
      businessObject: {
        $type: 'bpmn:SubProcess',
        id: 's2',
        loopCharacteristics: loop,
        extensionElements: { $type: 'bpmn:ExtensionElements', values: [config] },
      },
    };
    const { bridge, writes } = fakeBridge(process);
    renderWithApp(<PropertiesPanel bridge={bridge} element={sub} forms={[]} />);
    const collection = await screen.findByTestId('wfd-prop-collection');
    expect((collection as HTMLInputElement).value).toBe('regions');
    expect((screen.getByTestId('wfd-prop-elementVariable') as HTMLInputElement).value).toBe('region');
    fireEvent.change(collection, { target: { value: 'form.regions' } });
    fireEvent.blur(collection);
    expect(writes.at(-1)).toEqual({ element: 's2', config: { completion: 'any', percentage: 100, collection: 'form.regions', elementVariable: 'region' } });
  });

  it('offers the pool to run when a collaboration has several processes', async () => {
    signInForTest();
    const customer: ModdleLike = {
      $type: 'bpmn:Process',
      id: 'customer',
      name: 'Customer',
      isExecutable: true,
      flowElements: [{ $type: 'bpmn:StartEvent', id: 'a' }],
    };
    const company: ModdleLike = {
      $type: 'bpmn:Process',
      id: 'company',
      name: 'Company',
      isExecutable: true,
      flowElements: [{ $type: 'bpmn:StartEvent', id: 'b' }],
    };
    const root: DiagramElement = {
      id: 'c',
      type: 'bpmn:Collaboration',
      businessObject: {
        $type: 'bpmn:Collaboration',
        id: 'c',
        participants: [
          { $type: 'bpmn:Participant', id: 'pa', processRef: customer },
          { $type: 'bpmn:Participant', id: 'pb', processRef: company },
        ],
      },
    };
    const { bridge, writes } = fakeBridge(root);
    renderWithApp(<PropertiesPanel bridge={bridge} element={root} forms={[]} />);
    const select = await screen.findByTestId('wfd-prop-runningPool');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByText('Company (company)'));
    await waitFor(() =>
      expect(writes.slice(-2)).toEqual([
        { element: 'c', props: { isExecutable: false } },
        { element: 'c', props: { isExecutable: true } },
      ]),
    );
  });
  it('approver settings: leader levels, department head and starter choice, administrator fallback', async () => {
    signInForTest();
    stubData([]);
    const config = {
      $type: 'wf:Config',
      body: JSON.stringify({
        candidates: [
          { type: 'starterLeader', ids: [], level: 2 },
          { type: 'departmentHead', ids: ['d1'], names: ['技术部'] },
          { type: 'starterChoice', ids: [] },
        ],
        whenNoCandidate: 'admin',
        fallbackUsers: ['u1'],
        fallbackNames: ['管理员甲'],
      }),
    };
    const task: DiagramElement = {
      id: 't2',
      type: 'bpmn:UserTask',
      businessObject: { $type: 'bpmn:UserTask', id: 't2', name: '审批', extensionElements: { $type: 'bpmn:ExtensionElements', values: [config] } },
    };
    const { bridge, writes } = fakeBridge(process, [task.businessObject]);
    renderWithApp(<PropertiesPanel bridge={bridge} element={task} forms={[]} />);
    const level = await screen.findByTestId('wfd-candidate-level-0');
    expect(level.textContent).toContain('发起人的第 1 至');
    expect(level.textContent).toContain('级上级');
    const input = screen.getByTestId('wfd-candidate-level-input-0') as HTMLInputElement;
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '4' } });
    await waitFor(() => expect((writes.at(-1)?.config?.candidates as { level?: number }[])[0]).toEqual({ type: 'starterLeader', ids: [], level: 4 }));
    expect(screen.getByTestId('wfd-candidate-type-1').textContent).toContain('部门负责人');
    expect(screen.getByTestId('wfd-candidate-departments-1')).toBeTruthy();
    expect(screen.getByTestId('wfd-candidate-type-2').textContent).toContain('发起人自选');
    expect(screen.getByTestId('wfd-prop-whenNoCandidate').textContent).toContain('转交指定管理员');
    expect(screen.getByTestId('wfd-prop-fallbackUsers').textContent).toContain('管理员甲');
    // A rule turned into 'starterLeader' starts at level 1 (absent).
    const type = screen.getByTestId('wfd-candidate-type-2');
    fireEvent.mouseDown(type.querySelector('.ant-select-selector') ?? type);
    fireEvent.click(await screen.findByText('发起人上级', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect((writes.at(-1)?.config?.candidates as unknown[])[2]).toEqual({ type: 'starterLeader', ids: [] }));
  });

  it('a script action sends a carbon copy to the objects of the forwarder table', async () => {
    signInForTest();
    const config = {
      $type: 'wf:Config',
      body: JSON.stringify({
        actions: [
          { type: 'circulate', objects: [{ F_ObjId: 'u1', F_ObjName: '张三', F_ObjType: '3' }] },
          { type: 'set', variable: 'x', expression: '1' },
        ],
      }),
    };
    const script: DiagramElement = {
      id: 'sc',
      type: 'bpmn:ScriptTask',
      businessObject: { $type: 'bpmn:ScriptTask', id: 'sc', extensionElements: { $type: 'bpmn:ExtensionElements', values: [config] } },
    };
    const { bridge, writes } = fakeBridge(process);
    renderWithApp(<PropertiesPanel bridge={bridge} element={script} forms={[]} />);
    const objects = await screen.findByTestId('wfd-script-objects-0');
    expect(objects.textContent).toContain('张三');
    expect(screen.getByTestId('wfd-script-type-0').textContent).toContain('抄送');
    // An action turned into a carbon copy starts with nobody to copy to (the save check asks for somebody).
    const type = screen.getByTestId('wfd-script-type-1');
    fireEvent.mouseDown(type.querySelector('.ant-select-selector') ?? type);
    const options = await screen.findAllByText('抄送', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options.at(-1)!);
    await waitFor(() => expect((writes.at(-1)?.config?.actions as unknown[])[1]).toEqual({ type: 'circulate', objects: [] }));
  });
});
