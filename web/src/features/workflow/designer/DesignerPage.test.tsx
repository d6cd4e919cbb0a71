import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type WfValidateResult, workflowSchemePermissions } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { endSession } from '../../../lib/session';
import { signInForTest } from '../../../test/session';
import { stubData } from '../../data/test-stub';
import DesignerPage from './DesignerPage';

/**
 * The designer page over a stand-in for bpmn-js (jsdom cannot lay out SVG; the e2e tests drive the real one):
 * the stand-in reads the test documents' ids with regular expressions, knows only the shapes their diagram
 * names, refuses a document without a diagram like bpmn-js ("no diagram to display") and puts overlays into
 * the page so the marks can be queried.
 */
const fake = vi.hoisted(() => {
  interface Bo {
    $type: string;
    id?: string;
    name?: string;
    [key: string]: unknown;
  }
  const state = { imported: [] as string[], markers: new Map<string, string>(), badges: [] as HTMLElement[] };
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

  class FakeModeler {
    private drawn = new Map<string, { id: string; type: string; businessObject: Bo }>();
    private definitions: Bo | undefined;
    private root: { id: string; type: string; businessObject?: Bo } = { id: '__implicitroot', type: 'root' };

    async importXML(xml: string) {
      state.imported.push(xml);
      this.drawn.clear();
      if (!xml.includes('BPMNDiagram')) throw new Error('no diagram to display');
      const processTag = /<(?:bpmn:)?process\b[^>]*>/.exec(xml)![0];
      const process: Bo = { $type: 'bpmn:Process', id: attr(processTag, 'id'), name: attr(processTag, 'name'), flowElements: [] };
      const byId = new Map<string, Bo>();
      for (const [tag, type] of xml.matchAll(/<(?:bpmn:)?(startEvent|endEvent|userTask|task|exclusiveGateway|sequenceFlow)\b[^>]*>/g)) {
        const bo: Bo = { $type: `bpmn:${upper(type!)}`, id: attr(tag, 'id'), name: attr(tag, 'name') };
        if (type === 'sequenceFlow') Object.assign(bo, { sourceRef: attr(tag, 'sourceRef'), targetRef: attr(tag, 'targetRef') });
        (process.flowElements as Bo[]).push(bo);
        if (bo.id) byId.set(bo.id, bo);
      }
      for (const bo of process.flowElements as Bo[]) {
        if (bo.$type === 'bpmn:SequenceFlow') Object.assign(bo, { sourceRef: byId.get(bo.sourceRef as string), targetRef: byId.get(bo.targetRef as string) });
      }
      this.definitions = { $type: 'bpmn:Definitions', rootElements: [process] };
      this.root = { id: process.id!, type: 'bpmn:Process', businessObject: process };
      for (const [, id] of xml.matchAll(/<bpmndi:BPMN(?:Shape|Edge)\b[^>]*bpmnElement="([^"]+)"/g)) {
        const bo = byId.get(id!);
        if (bo) this.drawn.set(id!, { id: id!, type: bo.$type, businessObject: bo });
      }
      return { warnings: [] };
    }
    async saveXML() {
      return { xml: state.imported.at(-1) };
    }
    getDefinitions() {
      return this.definitions;
    }
    destroy() {}
    get(name: string): unknown {
      const registry = { get: (id: string) => (id === this.root.id ? this.root : this.drawn.get(id)), getAll: () => [...this.drawn.values()] };
      const services: Record<string, unknown> = {
        eventBus: { on: () => undefined },
        elementRegistry: registry,
        canvas: {
          getRootElement: () => this.root,
          addMarker: (id: string, marker: string) => state.markers.set(id, marker),
          removeMarker: (id: string) => state.markers.delete(id),
          zoom: () => undefined,
          viewbox: () => ({ x: 0, y: 0, width: 1000, height: 600, scale: 1, inner: { x: 200, width: 300 } }),
          scrollToElement: () => undefined,
        },
        overlays: {
          add: (_id: string, _type: string, overlay: { html: HTMLElement }) => {
            document.body.appendChild(overlay.html);
            state.badges.push(overlay.html);
          },
          remove: () => state.badges.splice(0).forEach((b) => b.remove()),
        },
        selection: { select: () => undefined },
        modeling: { updateProperties: () => undefined, updateModdleProperties: () => undefined },
        moddle: { create: (type: string, attrs: object = {}) => ({ $type: type, ...attrs }) },
      };
      return services[name];
    }
  }
  return { state, FakeModeler };
});
vi.mock('bpmn-js/lib/Modeler', () => ({ default: fake.FakeModeler }));

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  fake.state.imported = [];
  fake.state.markers.clear();
  fake.state.badges.splice(0).forEach((b) => b.remove());
});

const process = (diagram: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" id="d" targetNamespace="x">
  <process id="expense" name="报销" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="经理审批"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
    <endEvent id="end"/>
  </process>${diagram}
</definitions>`;
const DIAGRAM = `
  <bpmndi:BPMNDiagram id="dia"><bpmndi:BPMNPlane id="plane" bpmnElement="expense">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"/><bpmndi:BPMNShape id="approve_di" bpmnElement="approve"/><bpmndi:BPMNShape id="end_di" bpmnElement="end"/>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"/><bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"/>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
const withoutDiagram = process('');
const laidOut = process(DIAGRAM);

const clean: WfValidateResult = { issues: [], unsupported: [] };

function openDesigner(importXml: string | undefined, answers: { validate?: () => WfValidateResult } = {}) {
  signInForTest([workflowSchemePermissions.workflowSchemeList, workflowSchemePermissions.workflowSchemeAdd]);
  const calls = stubData([
    [/^GET \/form-scheme$/, () => []],
    [/^GET \/data-items\/FlowSort\/detail$/, () => []],
    [
      /^POST \/workflow-scheme-info\/layout$/,
      (_url, body) =>
        (body as { xml: string }).xml === withoutDiagram ? { xml: laidOut, laidOut: true } : { xml: (body as { xml: string }).xml, laidOut: false },
    ],
    [/^POST \/workflow-scheme-info\/validate$/, () => (answers.validate ?? (() => clean))()],
    [/^POST \/workflow-scheme-info$/, () => ({ F_Id: 's1', F_Version: 1, versionId: 'v1', newVersion: true })],
    [
      /^GET \/workflow-scheme-info\/info\/s1$/,
      () => ({
        F_Id: 's1',
        F_Code: 'expense',
        F_Name: '报销',
        F_Category: '',
        F_Description: '',
        F_AuthType: 0,
        F_AuthObjects: [],
        forms: [],
        F_Version: 1,
        xml: laidOut,
      }),
    ],
  ]);
  renderWithApp(
    <MemoryRouter initialEntries={[{ pathname: '/workflow/scheme/design/new', state: { importXml, fileName: 'expense.bpmn' } }]}>
      <Routes>
        <Route path="/workflow/scheme/design/*" element={<DesignerPage />} />
        <Route path="/workflow/scheme/index" element={<div data-testid="scheme-list" />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe('DesignerPage', () => {
  it("opens a file without diagram data with the server's automatic layout and validates the laid-out file", async () => {
    const calls = openDesigner(withoutDiagram);
    expect(await screen.findByText('文件没有完整的图形数据，已自动排版')).toBeTruthy();
    expect(fake.state.imported).toEqual([withoutDiagram, laidOut]);
    expect(calls.find((c) => c.path === '/workflow-scheme-info/layout')?.body).toEqual({ xml: withoutDiagram });
    await waitFor(() => expect(calls.some((c) => c.path === '/workflow-scheme-info/validate')).toBe(true));
    expect(calls.find((c) => c.path === '/workflow-scheme-info/validate')?.body).toEqual({ xml: laidOut });
    // The imported file names the new scheme.
    await waitFor(() => expect((screen.getByTestId('wfd-code') as HTMLInputElement).value).toBe('expense'));
  });

  it('opens a file with a complete diagram as it is, without asking for a layout', async () => {
    const calls = openDesigner(laidOut);
    await waitFor(() => expect(calls.some((c) => c.path === '/workflow-scheme-info/validate')).toBe(true));
    expect(fake.state.imported).toEqual([laidOut]);
    expect(calls.some((c) => c.path === '/workflow-scheme-info/layout')).toBe(false);
  });

  it('saves with warnings only, lists them calmly apart and marks only errors red; tool metadata folded, unmarked', async () => {
    const answer: WfValidateResult = {
      issues: [
        { elementId: null, message: 'BPMN 文档有问题：unsupported document encoding <ISO-8859-1>', severity: 'warning' },
        { elementId: 'approve', message: '审批节点【经理审批】没有等待', severity: 'warning' },
      ],
      unsupported: [
        { elementId: 'approve', type: 'camunda:class', reason: '扩展属性 camunda:class 不会生效', effect: 'behaviour' },
        { elementId: 'start', type: 'signavio:signavioMetaData', reason: 'signavio:signavioMetaData 是工具元数据，不影响流程运行', effect: 'none' },
        { elementId: 'end', type: 'bioc:stroke', reason: 'bioc:stroke 是工具元数据，不影响流程运行', effect: 'none' },
        { elementId: 'end', type: 'color:background-color', reason: 'color:background-color 是工具元数据，不影响流程运行', effect: 'none' },
      ],
    };
    const calls = openDesigner(laidOut, { validate: () => answer });
    const list = await screen.findByTestId('wfd-issues');
    expect(within(list).getByText('问题 0 个，提醒 2 个，不支持的部分 1 个')).toBeTruthy();
    expect(screen.getByTestId('wfd-issue-0').dataset.kind).toBe('unsupported');
    expect(within(screen.getByTestId('wfd-warnings')).getAllByText(/没有等待|ISO-8859-1/)).toHaveLength(2);
    // Tool metadata: one folded line, no rows until opened, no mark on its shapes.
    const metadata = screen.getByTestId('wfd-metadata');
    expect(metadata.textContent).toBe('3 项工具元数据，不影响运行');
    expect(within(list).queryByText(/bioc:stroke/)).toBeNull();
    expect(screen.getByTestId('wfd-mark-approve').dataset.kind).toBe('unsupported');
    expect(screen.queryByTestId('wfd-mark-start')).toBeNull();
    expect(screen.queryByTestId('wfd-mark-end')).toBeNull();
    expect(fake.state.markers).toEqual(new Map([['approve', 'wf-unsupported']]));
    fireEvent.click(metadata);
    expect(await within(list).findByText(/bioc:stroke/)).toBeTruthy();
    expect(within(list).getAllByText(/工具元数据/).length).toBeGreaterThanOrEqual(3);

    fireEvent.click(screen.getByTestId('wfd-validate'));
    expect(await screen.findByText('校验通过，有 2 个提醒')).toBeTruthy();

    fireEvent.change(screen.getByTestId('wfd-name'), { target: { value: '报销流程' } });
    fireEvent.click(screen.getByTestId('wfd-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-scheme-info')).toBe(true));
    // 保存 keeps a draft; 发布 is the other button.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/workflow-scheme-info')?.body).toMatchObject({
      F_Code: 'expense',
      xml: laidOut,
      publish: false,
    });
  });

  it('refuses to publish while errors remain, counting errors and warnings apart; a draft may still be saved', async () => {
    const answer: WfValidateResult = {
      issues: [
        { elementId: 'approve', message: '审批节点【经理审批】未设置审批人', severity: 'error' },
        { elementId: null, message: 'BPMN 文档有问题：unresolved reference <old>', severity: 'warning' },
      ],
      unsupported: [],
    };
    const calls = openDesigner(laidOut, { validate: () => answer });
    await screen.findByTestId('wfd-issues');
    expect(screen.getByTestId('wfd-issue-0').dataset.kind).toBe('issue');
    expect(screen.getByTestId('wfd-issue-1').dataset.kind).toBe('warning');
    expect(screen.getByTestId('wfd-mark-approve').dataset.kind).toBe('issue');
    fireEvent.click(screen.getByTestId('wfd-publish'));
    expect(await screen.findByText('流程设计有 1 个问题，1 个提醒，问题已在图上标出')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-scheme-info')).toBe(false);
    fireEvent.click(screen.getByTestId('wfd-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/workflow-scheme-info')?.body).toMatchObject({ publish: false }));
  });

  it('asks before 返回 leaves unsaved changes; cancelling stays; after a save it leaves without asking', async () => {
    const calls = openDesigner(undefined);
    await waitFor(() => expect(fake.state.imported).toHaveLength(1));
    // The new model as opened is no change.
    expect(screen.queryByTestId('wfd-dirty')).toBeNull();
    fireEvent.change(screen.getByTestId('wfd-code'), { target: { value: 'expense' } });
    fireEvent.change(screen.getByTestId('wfd-name'), { target: { value: '报销流程' } });
    expect(await screen.findByTestId('wfd-dirty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('wfd-back'));
    expect(await screen.findByText('有未保存的修改，确定离开吗？离开后修改将丢失。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsaved-stay'));
    await waitFor(() => expect(screen.queryByText('有未保存的修改，确定离开吗？离开后修改将丢失。')).toBeNull());
    expect(screen.getByTestId('wfd-page')).toBeTruthy();
    expect(screen.queryByTestId('scheme-list')).toBeNull();

    fireEvent.click(screen.getByTestId('wfd-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-scheme-info')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('wfd-dirty')).toBeNull());
    fireEvent.click(screen.getByTestId('wfd-back'));
    expect(await screen.findByTestId('scheme-list')).toBeTruthy();
    expect(screen.queryByText('有未保存的修改，确定离开吗？离开后修改将丢失。')).toBeNull();
  });
});
