import { z } from 'zod';

/** Stamps, e-signatures and delegations (issue 10). Owned by the stamp module. */
export const stampPlaceholder = z.object({});
