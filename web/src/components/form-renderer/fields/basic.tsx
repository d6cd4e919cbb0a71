import type { FieldRegistry } from '../types';

/** input, textarea, password, number, mobile, select / radio / checkbox (static options), switch, slider, rate, date, time, color, computation. */
export const basicFields: FieldRegistry = {};
