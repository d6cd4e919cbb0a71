import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The workflow engine (docs/workflow-design.md): a library the workflow modules drive, with no routes of its own. */
export default defineModule({
  name: 'workflow',
  messages,
});
