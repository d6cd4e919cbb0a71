import type { MessageKey } from './zh-CN.js';
import { accessEn } from './access.js';
import { organisationEn } from './organisation.js';
import { oaEn } from './oa.js';
import { filesEn } from './files.js';
import { dataLinkEn } from './data-link.js';
import { dataDesignEn } from './data-design.js';
import { dataSourceEn } from './data-source.js';
import { interfaceEn } from './interface.js';
import { formsEn } from './forms.js';
import { formRelationEn } from './form-relation.js';
import { publishedListEn } from './published-list.js';
import { formPrintEn } from './form-print.js';
import { workflowEngineEn } from './workflow-engine.js';
import { workflowSchemeEn } from './workflow-scheme.js';
import { workflowTaskEn } from './workflow-task.js';
import { stampEn } from './stamp.js';
import { systemEn } from './system.js';
import { healthEn } from './health.js';

const coreEn = {
  'common.ok': 'Success',
  'common.fetched': 'Fetched successfully',
  'common.added': 'Added successfully',
  'common.updated': 'Updated successfully',
  'common.deleted': 'Deleted successfully',
  'error.validation': 'Invalid input: {detail}',
  'error.notFound': 'No such endpoint: {method} {url}',
  'error.internal': 'Internal server error, please contact the administrator (request id {requestId})',
  'error.unauthorized': 'Your session has expired, please sign in again',
  'error.forbidden': 'You do not have permission for this action ({permission})',
  'error.bodyTooLarge': 'The request body is too large',
  'error.badJson': 'The request body is not valid JSON',
  'error.unsupportedMedia': 'Unsupported content type: {type}',
  'error.nulCharacter': 'Invalid input: {field} contains a NUL character (\\u0000), which cannot be stored',
  'error.tooDeep': 'Invalid input: {field} is nested more than {max} levels deep',
  'error.badUrl': 'The request address is not validly percent-encoded',
  'error.uriTooLong': 'The request address is too long',
  'error.headersTooLarge': 'The request address or headers are too long',
  'error.badRequest': 'The request is malformed',
  'error.badIdempotencyKey': 'The Idempotency-Key is malformed: 8 to 100 letters, digits, - or _',
  'error.idempotencyKeyReused': 'This Idempotency-Key was already used for another action',
  'error.requestTimeout': 'The request timed out',
  'error.tooManyRequests': 'Too many requests, try again in {seconds} seconds',
  'auth.badCredentials': 'Wrong account or password',
  'auth.remainingAttempts': 'Wrong account or password, {remaining} attempts left',
  'auth.tooManyFailures': 'Too many wrong passwords, try again in {minutes} minutes',
  'auth.accountDisabled': 'The account is disabled, please contact the administrator',
  'auth.tenantNotFound': 'Unknown tenant code',
  'auth.tenantDisabled': 'The tenant is disabled',
  'auth.loginSuccess': 'Signed in',
  'auth.smsTooFrequent': 'Codes are sent at most once a minute, try again in {seconds} seconds',
  'auth.smsSent': 'The code has been sent',
  'auth.smsInvalid': 'Wrong or expired code',
  'auth.loggedOut': 'Signed out',
  'auth.oldPasswordWrong': 'The current password is wrong',
  'auth.passwordSame': 'The new password must differ from the current one',
  'auth.passwordChanged': 'Password changed, please sign in again',
  'auth.notSelf': 'You can only change your own account',
  'user.notFound': 'No such user',
  'session.notFound': 'No such session, or it has already ended',
  'session.cannotKickSelf': 'You cannot force your own session out',
  'clientLog.saved': 'Logs received',
  'clientLog.cleared': 'Logs cleared',
};

export const en: Record<MessageKey, string> = {
  ...coreEn,
  ...organisationEn,
  ...accessEn,
  ...systemEn,
  ...oaEn,
  ...filesEn,
  ...dataLinkEn,
  ...dataDesignEn,
  ...dataSourceEn,
  ...interfaceEn,
  ...formsEn,
  ...formRelationEn,
  ...publishedListEn,
  ...formPrintEn,
  ...workflowEngineEn,
  ...workflowSchemeEn,
  ...workflowTaskEn,
  ...stampEn,
  ...healthEn,
};
