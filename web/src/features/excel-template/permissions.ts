/** The permission keys this feature checks: the contract's, as the server names them. */
export { excelExportPermissions, excelImportPermissions } from '@app/contracts';
