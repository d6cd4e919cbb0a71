import type { SimpleFromBpmnAnswer, SimpleProcess, SimpleSimulateAnswer } from '@app/contracts';
import { api } from '../../../lib/api';

const base = '/workflow-scheme-info/simple';

/** The simple designer's calls: reading a BPMN process as cards, simulating a launch. */
export const simpleApi = {
  /** The chain of cards of a BPMN process, or why it is not one (a sentence the page shows). */
  fromBpmn: (xml: string) => api.post<SimpleFromBpmnAnswer>(`${base}/from-bpmn`, { xml }),
  /** The path a launch with these values would take. */
  simulate: (model: SimpleProcess, formValues: Record<string, unknown>, starterId?: string) =>
    api.post<SimpleSimulateAnswer>(`${base}/simulate`, { model, formValues, starterId }),
};
