import type { AppModule } from '../core/module.js';
import { registerMessages } from '../core/i18n/index.js';
import health from './health/index.js';
import backup from './backup/index.js';
import auth from './auth/index.js';
import account from './account/index.js';
import menu from './menu/index.js';
import clientLog from './client-log/index.js';
import onlineUser from './online-user/index.js';
import home from './home/index.js';
import organisation from './organisation/index.js';
import access from './access/index.js';
import tenant from './tenant/index.js';
import subsystem from './subsystem/index.js';
import area from './area/index.js';
import dictionary from './dictionary/index.js';
import language from './language/index.js';
import codeRule from './code-rule/index.js';
import systemLog from './system-log/index.js';
import news from './news/index.js';
import notice from './notice/index.js';
import schedule from './schedule/index.js';
import message from './message/index.js';
import files from './files/index.js';
import fileManager from './file-manager/index.js';
import databaseLink from './database-link/index.js';
import dataDesign from './data-design/index.js';
import dataSource from './data-source/index.js';
import interfaces from './interface/index.js';
import formScheme from './form-scheme/index.js';
import formRelation from './form-relation/index.js';
import formPrint from './form-print/index.js';
import workflow from './workflow/index.js';
import workflowScheme from './workflow-scheme/index.js';
import workflowTask from './workflow-task/index.js';
import stamp from './stamp/index.js';
import delegate from './delegate/index.js';
import clue from './clue/index.js';
import excelTemplate from './excel-template/index.js';
import taskScheduling from './task-scheduling/index.js';
import report from './report/index.js';

/** Every feature module, in registration order. Adding a module is one line here (and its migration). */
export const modules: readonly AppModule[] = [
  health,
  backup,
  auth,
  account,
  menu,
  clientLog,
  onlineUser,
  home,
  organisation,
  access,
  tenant,
  subsystem,
  area,
  dictionary,
  language,
  codeRule,
  systemLog,
  news,
  notice,
  schedule,
  message,
  files,
  fileManager,
  databaseLink,
  dataDesign,
  dataSource,
  interfaces,
  formScheme,
  formRelation,
  formPrint,
  workflow,
  workflowScheme,
  workflowTask,
  stamp,
  delegate,
  clue,
  excelTemplate,
  taskScheduling,
  report,
];

// Messages are known as soon as the module list is: services, tests and background work translate outside requests too.
for (const module of modules) if (module.messages) registerMessages(module.messages);
