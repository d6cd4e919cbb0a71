import type { ReportDesign } from '../model.js';
import { analyseDesign } from './analysis.js';
import type { DesignProblem } from './types.js';

/**
 * The static checks run when a design is saved: every formula and condition parses, parents are valid and form no
 * cycle, expanders nest, formulas refer to no cycle, the data sets and parameters they name exist, cells, merges
 * and charts lie inside the sheet and merges do not overlap. Each problem is a message key of
 * `reportEngineMessages` with its parameters and, when it has one, the cell's name. An empty list: the engine can
 * expand the design.
 */
export function checkDesign(design: ReportDesign): DesignProblem[] {
  return analyseDesign(design).problems;
}
