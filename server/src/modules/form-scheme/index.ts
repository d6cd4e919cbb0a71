import { FieldOptionsService } from './field-options.service.js';
import { FormDataService } from './form-data.service.js';
import { formSchemeRoutes } from './form-scheme.routes.js';
import { FormSchemeService } from './form-scheme.service.js';
import { routePrefixes } from './route-prefixes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Form engine (docs/forms-design.md): form schemes, versions, table release and form data. */
export default defineModule({
  name: 'form-scheme',
  messages,
  routes: async (app, deps) => {
    let prefixes: Set<string> | null = null;
    // Read once, after every module has registered its routes (saves only happen once the server is ready).
    const reserved = (url: string) => (prefixes ??= routePrefixes(app.printRoutes({ commonPrefix: false }), '/api/')).has(url.toLowerCase());
    const schemes = new FormSchemeService(deps, reserved);
    formSchemeRoutes(app, { schemes, data: new FormDataService(deps), options: new FieldOptionsService(deps, schemes.repo), grants: deps.grants });
  },
});
