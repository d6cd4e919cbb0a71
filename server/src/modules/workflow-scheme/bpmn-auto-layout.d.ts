/** bpmn-auto-layout 1.x ships no types: one function, BPMN XML in, the same document with a diagram out. */
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
