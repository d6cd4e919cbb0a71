import { escapeXml } from '../workflow/engine/svg.js';

/** A process id from a scheme code (an XML NCName: letters, digits, _ - . ; starting with a letter or _). */
function processId(code: string): string {
  const cleaned = code.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `p_${cleaned}`;
}

/**
 * The minimal model of POST /workflow-scheme-info/new-model: start → a user task → end, drawn (DI) so the designer
 * opens it as a diagram. The task has no approver on purpose: a default (the starter) would let applicants approve
 * their own requests when nobody sets it; validation names the task until approvers are chosen.
 */
export function newModelXml(code: string, name: string, taskName: string, taskConfig?: Record<string, unknown>): string {
  const id = processId(code);
  // Only a caller that names the approvers (tests, fixtures) gets a wf:config on the task.
  const config = taskConfig ? `\n      <bpmn:extensionElements><wf:config>${escapeXml(JSON.stringify(taskConfig))}</wf:config></bpmn:extensionElements>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:wf="http://approval-platform.dev/schema/wf" id="Definitions_${id}" targetNamespace="http://approval-platform.dev/bpmn">
  <bpmn:process id="${id}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="start">
      <bpmn:outgoing>flow_1</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="task_1" name="${escapeXml(taskName)}">${config}
      <bpmn:incoming>flow_1</bpmn:incoming>
      <bpmn:outgoing>flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="end">
      <bpmn:incoming>flow_2</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="flow_1" sourceRef="start" targetRef="task_1" />
    <bpmn:sequenceFlow id="flow_2" sourceRef="task_1" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${id}">
    <bpmndi:BPMNPlane id="Plane_${id}" bpmnElement="${id}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="152" y="102" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="task_1_di" bpmnElement="task_1">
        <dc:Bounds x="250" y="80" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end">
        <dc:Bounds x="412" y="102" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_1_di" bpmnElement="flow_1">
        <di:waypoint x="188" y="120" />
        <di:waypoint x="250" y="120" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_2_di" bpmnElement="flow_2">
        <di:waypoint x="350" y="120" />
        <di:waypoint x="412" y="120" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
