import { z } from 'zod';

/**
 * Data platform (issue 7): database links, table design, data sources, interfaces, generic CRUD, report relations.
 * Shapes follow docs/data-platform-design.md. Each part below is owned by one module; add schemas in your part.
 */

/** The platform's own database as a link (not a row). */
export const DEFAULT_LINK_ID = 'local';
export const dbTypes = ['postgresql', 'mysql', 'sqlserver'] as const;
/** Table and column names: validated identifiers, quoted by the driver. */
export const identifier = z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'a name of letters, digits and _ starting with a letter or _');

// ---------- database links (modules/database-link) ----------

// ---------- table design, drafts, common fields, generic CRUD (modules/data-design) ----------

// ---------- data sources, report relations (modules/data-source) ----------

// ---------- interfaces (modules/interface) ----------
