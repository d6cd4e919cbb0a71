import type { ReportOutChart, ReportOutRow } from '../result.js';
import type { ReportStyle } from '../model.js';

/** The rows of each data set, by data set name, as the server read them (at most REPORT_LIMITS.dataSetRows each). */
export type ReportData = Record<string, Record<string, unknown>[]>;

export interface ExpandOptions {
  /**
   * Parameter values, resolved by the server (defaults applied, types converted): a date range `p` is given as
   * `p_begin` and `p_end`; current user / department / company as their ids.
   */
  params: Record<string, unknown>;
  /** Dictionary labels: code → stored value → label. */
  dictionaries: Record<string, Record<string, string>>;
  /** "Now" for TODAY() / NOW(), and the zone dates are shown in. */
  now: Date;
  timeZone: string;
  /** An image cell's content (a file id, or a field's value) → the address the viewer and the exports load. */
  imageUrl?: (content: string) => string | null;
  /** Lower limits than REPORT_LIMITS (tests). `formulaReads`: values formulas and aggregates may read (50,000,000). */
  limits?: { outputRows?: number; outputCells?: number; formulaReads?: number };
}

/** A report as expanded: output rows and columns, read a range at a time (the viewer's page, an export's batch). */
export interface ExpandedReport {
  readonly rowCount: number;
  readonly colCount: number;
  /** Pixels per output column. */
  readonly colWidths: readonly number[];
  /** Pixels of an output row. */
  rowHeight(row: number): number;
  /** Styles that cells name by index. */
  readonly styles: readonly ReportStyle[];
  /** Output rows [from, to) with their cells; a merged cell is listed in its top-left row only, covered cells absent. */
  rows(from: number, to: number): ReportOutRow[];
  /** Output rows made from template rows flagged header / footer (repeated on every printed page). */
  readonly headerRows: readonly number[];
  readonly footerRows: readonly number[];
  /** Output rows after which a page breaks (sorted). */
  readonly pageBreaksAfter: readonly number[];
  /** Charts at output positions. */
  readonly charts: readonly ReportOutChart[];
}

/** What the engine refuses: a message key of the reports' messages and its parameters. */
export class ReportError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'ReportError';
  }
}

/** A problem of a design found before it runs (design check on save). `cell` is its name (`C3`) when it has one. */
export interface DesignProblem {
  key: string;
  params: Record<string, string | number>;
  cell?: string;
}
