/**
 * Zod-free runtime constants of @app/contracts. Importing values from the '@app/contracts' barrel pulls
 * every zod schema (and zod itself) into the /login bundle, so the shell imports the few constants it
 * needs straight from the contracts files that hold no schemas. Types still come from '@app/contracts'.
 */
import type { MAIN_SYSTEM_ID as MainSystemId } from '@app/contracts';

export { ErrorCode, successCodes } from '../../../contracts/src/common/errors';
export { Permission } from '../../../contracts/src/common/permissions';

/** The main system id (contracts menu.ts); typed against the contract so a change there fails the build. */
export const MAIN_SYSTEM_ID: typeof MainSystemId = '0';
