import { AppError } from '../../core/errors.js';

/**
 * Guards for user SQL on the platform link (docs/security-hardening.md, "User SQL on the platform database").
 *
 * 1. Functions revoked from PUBLIC (the app's own user keeps them): the database refuses them to every tenant reader,
 *    also when the planner folds a constant call while planning (the executor's privilege check runs then too).
 * 2. The plan of every statement (EXPLAIN VERBOSE, before it runs) may read relations of the tenant's own schema only,
 *    and may not convert object ids to names (`::regclass` and kin): catalogs and information_schema expand to
 *    pg_catalog relations there, however the query spells them.
 * 3. On embedded PGlite, which cannot interrupt a statement: recursion is refused and the plan's cost is bounded.
 */

/** Revoked everywhere: sleeping, locks, notifications, dynamic SQL, files, other sessions, catalogue lookups by id. */
const REVOKED_NAMES = [
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_notify',
  'pg_listening_channels',
  'pg_notification_queue_usage',
  'set_config',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  'loread',
  'lowrite',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_export_snapshot',
  'obj_description',
  'col_description',
  'shobj_description',
  'pg_get_indexdef',
  'pg_get_constraintdef',
  'pg_get_viewdef',
  'pg_get_triggerdef',
  'pg_get_ruledef',
  'pg_get_expr',
  'pg_get_partkeydef',
  'pg_get_partition_constraintdef',
  'pg_get_statisticsobjdef',
  'pg_get_statisticsobjdef_columns',
  'pg_get_statisticsobjdef_expressions',
  'pg_get_serial_sequence',
  'pg_get_replica_identity_index',
  'pg_describe_object',
  'pg_identify_object',
  'pg_identify_object_as_address',
  'pg_get_object_address',
  'pg_relation_size',
  'pg_total_relation_size',
  'pg_table_size',
  'pg_indexes_size',
  'pg_relation_filenode',
  'pg_relation_filepath',
  'pg_filenode_relation',
  'pg_partition_root',
  'pg_partition_tree',
  'pg_partition_ancestors',
  'pg_table_is_visible',
  'pg_sequence_last_value',
  'pg_sequence_parameters',
  'to_regclass',
  'to_regnamespace',
  'to_regproc',
  'to_regprocedure',
  'to_regoper',
  'to_regoperator',
  'to_regrole',
  'to_regcollation',
  'regclassout',
  'regnamespaceout',
  'regprocout',
  'regprocedureout',
  'regoperout',
  'regoperatorout',
  'regroleout',
  'regcollationout',
];
/** Name prefixes revoked everywhere (advisory locks, large objects, statistics by object id, server files). */
const REVOKED_PREFIXES = ['pg_advisory_', 'pg_try_advisory_', 'lo_', 'pg_stat_get_', 'pg_ls_'];

/**
 * Revoked on PGlite only (PostgreSQL's statement time-out bounds them): functions whose work grows with an argument's
 * value, which neither the planner's estimate nor the row cap sees, and which the planner even runs while planning
 * when the arguments are constants.
 */
const EMBEDDED_REVOKED_NAMES = ['repeat', 'lpad', 'rpad', 'format', 'array_fill', 'factorial', 'numeric_power'];
/** Numeric powers only (`^` on numeric is numeric_power): float powers are cheap. */
const EMBEDDED_REVOKED_NUMERIC = ['power', 'pow'];

/**
 * generate_series with bounds the planner can see (constants, bound parameters) is estimated exactly; with bounds it
 * cannot see (a sub-select, a column) it is estimated at this many rows, so the cost check refuses it.
 */
export const UNSEEN_SERIES_ROWS = 100_000_000;

const list = (names: string[]) => names.map((n) => `'${n}'`).join(', ');

/**
 * One statement, run by the app's user, idempotent: every pg_catalog function matching the lists that PUBLIC may
 * still execute is granted to the app's own user and revoked from PUBLIC. An app user that does not own the functions
 * (PostgreSQL without superuser) leaves them alone: there the DBA revokes them (documented), and the time-out
 * applies.
 */
export function guardStatements(embedded: boolean): string[] {
  const names = embedded ? [...REVOKED_NAMES, ...EMBEDDED_REVOKED_NAMES] : REVOKED_NAMES;
  const numeric = embedded ? ` or (p.proname in (${list(EMBEDDED_REVOKED_NUMERIC)}) and p.prorettype = 'numeric'::regtype)` : '';
  const prefixes = REVOKED_PREFIXES.map((p) => `p.proname like '${p.replace(/_/g, '\\_')}%'`).join(' or ');
  const revoke = `do $$
    declare f regprocedure;
    begin
      for f in
        select p.oid::regprocedure from pg_proc p
        where p.pronamespace = 'pg_catalog'::regnamespace
          and (p.proname in (${list(names)}) or ${prefixes}${numeric})
          and has_function_privilege('public', p.oid, 'execute')
      loop
        begin
          execute format('grant execute on function %s to %I', f, current_user);
          execute format('revoke execute on function %s from public', f);
        exception when insufficient_privilege then null;
        end;
      end loop;
    end $$`;
  if (!embedded) return [revoke];
  const series = `do $$
    declare f regprocedure;
    begin
      for f in select p.oid::regprocedure from pg_proc p
               where p.pronamespace = 'pg_catalog'::regnamespace and p.proname = 'generate_series' and p.prorows < ${UNSEEN_SERIES_ROWS}
      loop
        execute format('alter function %s rows ${UNSEEN_SERIES_ROWS}', f);
      end loop;
    end $$`;
  return [revoke, series];
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** Object-id types whose text is an object's name. */
const NAME_CASTS = /::"?reg(class|namespace|proc|procedure|oper|operator|role|collation|config|dictionary)\b/i;

/**
 * Checks the plan of a user statement (EXPLAIN (VERBOSE, FORMAT JSON)) and answers its cost: the most expensive node
 * anywhere in the tree (the planner prices a node under the row cap's Limit as if the Limit stopped it early, but a
 * materialising node reads everything first).
 */
export function checkPlan(row: Record<string, unknown> | undefined, schema: string, embedded: boolean): number {
  const raw = row?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: PlanNode }[] | undefined;
  let cost = 0;
  const visit = (node: PlanNode) => {
    cost = Math.max(cost, Number(node['Total Cost'] ?? 0));
    const relation = node['Relation Name'];
    if (typeof relation === 'string' && node.Schema !== schema) {
      throw new AppError('dataLink.catalogRefused', { name: `${String(node.Schema ?? '')}.${relation}` }, 400);
    }
    if (embedded && node['Node Type'] === 'Recursive Union') throw new AppError('dataLink.recursiveRefused', {}, 400);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Plans') continue;
      const text = Array.isArray(value) ? value.join(' ') : value;
      if (typeof text === 'string' && NAME_CASTS.test(text))
        throw new AppError('dataLink.catalogRefused', { name: text.match(NAME_CASTS)![0].replace(/^::"?/, '') }, 400);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  const root = doc?.[0]?.Plan;
  if (root) visit(root);
  return cost;
}

/** Result types that carry object names. */
const NAME_TYPE_OIDS = new Set([24, 2202, 2203, 2204, 2205, 3734, 3769, 4089, 4096, 4191]);
const NAME_TYPES = /^reg(class|namespace|proc|procedure|oper|operator|role|collation|config|dictionary)$/;

/** A result column typed as an object-id name type would print other tenants' object names. */
export function checkResultType(type: number | string): void {
  if (typeof type === 'number' ? NAME_TYPE_OIDS.has(type) : NAME_TYPES.test(type)) {
    throw new AppError('dataLink.catalogRefused', { name: String(type) }, 400);
  }
}

/**
 * Another schema answers the same whether it exists or not: "permission denied for schema" (it exists, not ours),
 * "schema … does not exist" and "relation "schema.table" does not exist" all become the catalogue refusal, so guessed
 * tenant schema names are not confirmed.
 */
export function platformError(error: unknown, own: string): unknown {
  const code = (error as { code?: string } | null)?.code;
  const message = String((error as { message?: string } | null)?.message ?? '');
  const match =
    code === '42501'
      ? /permission denied for schema (\S+)/.exec(message)
      : code === '3F000'
        ? /schema "([^"]+)" does not exist/.exec(message)
        : code === '42P01'
          ? /relation "([^".]+)\.[^"]+" does not exist/.exec(message)
          : null;
  return match && match[1] !== own ? new AppError('dataLink.catalogRefused', { name: match[1] }, 400) : error;
}
