import { CodeRuleService } from './code-rule.service.js';
import { codeRuleRoutes } from './code-rule.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Code rules: auto-numbering with an atomic counter per rule and period. */
export default defineModule({
  name: 'code-rule',
  messages,
  routes: async (app, deps) => {
    codeRuleRoutes(app, new CodeRuleService(deps));
  },
});
