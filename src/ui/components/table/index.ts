/** The table component and its pure layout functions. */
export { Table } from './Table.js';
export type { TableProps, CellColor } from './Table.js';
export {
  formatHeader,
  formatRow,
  layoutColumns,
  measureColumns,
} from './layout.js';
export type { ColumnLayout, LayoutOptions, TableLayout, TableRow } from './layout.js';
