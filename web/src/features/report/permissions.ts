/** The permission keys this feature checks: the contract's, as the server names them. */
export { reportPermissions } from '@app/contracts';
