import { CompanyService } from './company.service.js';
import { companyRoutes } from './company.routes.js';
import { DepartmentService } from './department.service.js';
import { departmentRoutes } from './department.routes.js';
import { PostService } from './post.service.js';
import { postRoutes } from './post.routes.js';
import { RoleService } from './role.service.js';
import { roleRoutes } from './role.routes.js';
import { UserService } from './user.service.js';
import { userRoutes } from './user.routes.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** The module's table types; `tables.ts` also adds them to `Database`. */
export type * from './tables.js';

/** Organisation: companies, departments, posts, special posts, roles, users. */
export default defineModule({
  name: 'organisation',
  messages,
  routes: async (app, deps) => {
    companyRoutes(app, new CompanyService(deps));
    departmentRoutes(app, new DepartmentService(deps));
    postRoutes(app, new PostService(deps));
    roleRoutes(app, new RoleService(deps));
    userRoutes(app, new UserService(deps));
  },
});
