export * from './types.js';
export { checkDesign } from './check.js';
export { expandReport, type SliceableReport } from './expand.js';
export {
  paginate,
  reportPages,
  printableArea as reportPrintableArea,
  PAGE_NUMBER_PX,
  PX_PER_MM,
  type PagePlan as ReportPagePlan,
  type Pagination as ReportPagination,
} from './paginate.js';
export { reportEngineMessages, type ReportEngineMessageKey } from './messages.js';
// The formula language, for the designer's live checks and hints (names prefixed: the contracts share one namespace).
export {
  parseFormula as parseReportFormula,
  evaluate as evaluateReportFormula,
  FormulaSyntaxError as ReportFormulaSyntaxError,
  FORMULA_FUNCTIONS as REPORT_FORMULA_FUNCTIONS,
  FORMULA_MAX_DEPTH as REPORT_FORMULA_MAX_DEPTH,
  type FormulaEnv as ReportFormulaEnv,
  type FormulaNode as ReportFormulaNode,
  type ParsedFormula as ParsedReportFormula,
  type FormulaProblem as ReportFormulaProblem,
} from './formula.js';
export { formatValue as formatReportValue } from './format.js';
export { DateValue as ReportDateValue, FormulaError as ReportFormulaError, type Scalar as ReportScalar, type ErrorCode as ReportErrorCode } from './values.js';
