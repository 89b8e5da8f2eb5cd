/**
 * The table model: columns, their width rule and cell text, with no React, so the store, the
 * screens, the components and the command line's plain table all read it.
 */
export { allocateColumns, type Allocation, type ColumnSpec, type Spacing } from './allocate.js';
export { cellText } from './cell-text.js';
export { ColumnMeasure, columnMeasure, columnSpecs, columnsFor, pageCountText, rowFor, widthCellsFor, type ColumnSet, type Row } from './list-columns.js';
