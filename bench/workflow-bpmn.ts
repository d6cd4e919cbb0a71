/** A chain of `n` user tasks (start → task 1 … task n → end) with its diagram, in rows of 10: the designer's size bench. */
export function chainBpmn(n: number, candidateUserId: string): string {
  const config = `{&quot;candidates&quot;:[{&quot;type&quot;:&quot;user&quot;,&quot;ids&quot;:[&quot;${candidateUserId}&quot;]}]}`;
  const ids = ['start', ...Array.from({ length: n }, (_, i) => `t${i + 1}`), 'end'];
  const pos = (i: number) => ({ x: 80 + (i % 10) * 160, y: 80 + Math.floor(i / 10) * 140 });
  const process: string[] = [];
  const shapes: string[] = [];
  ids.forEach((id, i) => {
    const incoming = i > 0 ? `<bpmn:incoming>f${i}</bpmn:incoming>` : '';
    const outgoing = i < ids.length - 1 ? `<bpmn:outgoing>f${i + 1}</bpmn:outgoing>` : '';
    const { x, y } = pos(i);
    if (id === 'start' || id === 'end') {
      process.push(
        `<bpmn:${id === 'start' ? 'startEvent' : 'endEvent'} id="${id}" name="${id}">${incoming}${outgoing}</bpmn:${id === 'start' ? 'startEvent' : 'endEvent'}>`,
      );
      shapes.push(`<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x + 32}" y="${y + 22}" width="36" height="36" /></bpmndi:BPMNShape>`);
    } else {
      process.push(
        `<bpmn:userTask id="${id}" name="审批 ${i}"><bpmn:extensionElements><wf:config>${config}</wf:config></bpmn:extensionElements>${incoming}${outgoing}</bpmn:userTask>`,
      );
      shapes.push(`<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="100" height="80" /></bpmndi:BPMNShape>`);
    }
  });
  const centre = (i: number) => {
    const { x, y } = pos(i);
    return { x: x + 50, y: y + 40 };
  };
  for (let i = 1; i < ids.length; i++) {
    process.push(`<bpmn:sequenceFlow id="f${i}" sourceRef="${ids[i - 1]}" targetRef="${ids[i]}" />`);
    const a = centre(i - 1);
    const b = centre(i);
    shapes.push(
      `<bpmndi:BPMNEdge id="f${i}_di" bpmnElement="f${i}"><di:waypoint x="${a.x}" y="${a.y}" /><di:waypoint x="${b.x}" y="${b.y}" /></bpmndi:BPMNEdge>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:wf="http://approval-platform.dev/schema/wf" id="Definitions_chain" targetNamespace="http://approval-platform.dev/bpmn">
<bpmn:process id="chain_${n}" name="chain ${n}" isExecutable="true">${process.join('')}</bpmn:process>
<bpmndi:BPMNDiagram id="Diagram_chain"><bpmndi:BPMNPlane id="Plane_chain" bpmnElement="chain_${n}">${shapes.join('')}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
