import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** The workflow engine (docs/workflow-design.md): a library the workflow modules drive, with no routes of its own. */
export default defineModule({
  name: 'workflow',
  messages,
});
