import type { PluralForms } from '../../shared/i18n/plural.js';
import {
  BOTTOM,
  GAP,
  HEADING_HEIGHT,
  MARGIN,
  MAX_PAGES,
  MUTED,
  TINT,
  WIDTH,
  type Cell,
  type StatementLayout,
} from './statement-layout.js';

export interface Column {
  title: string;
  width: number;
}

/** A titled table: its columns, its rows (each cell one or more texts), and how many rows it shows at most. */
export interface Table {
  title: string;
  /** "and N more", for the rows left out. */
  more: PluralForms;
  columns: Column[];
  rows: Cell[][][];
  limit: number;
}

const CELL_PADDING = 4;
const HEADER_STYLE = { font: 'bold', size: 7.5, color: MUTED } as const;

function rowHeight(layout: StatementLayout, cells: Cell[][], columns: Column[]): number {
  const cellHeight = (cell: Cell[], index: number) =>
    cell.reduce(
      (sum, part) => sum + layout.measure(part.text, columns[index]!.width - 2 * CELL_PADDING, part.style),
      0,
    );
  return Math.max(...cells.map(cellHeight)) + 2 * CELL_PADDING;
}

function headerHeight(layout: StatementLayout): number {
  return layout.lineHeight(HEADER_STYLE) + 2 * CELL_PADDING;
}

function drawHeader(layout: StatementLayout, columns: Column[]): void {
  const height = headerHeight(layout);
  layout.doc.rect(MARGIN, layout.y, WIDTH, height).fill(TINT);
  let x = MARGIN;
  for (const column of columns) {
    const width = column.width - 2 * CELL_PADDING;
    layout.write(column.title, x + CELL_PADDING, layout.y + CELL_PADDING, width, HEADER_STYLE);
    x += column.width;
  }
  layout.y += height;
}

function drawRow(layout: StatementLayout, cells: Cell[][], columns: Column[], height: number): void {
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const width = columns[index]!.width - 2 * CELL_PADDING;
    let top = layout.y + CELL_PADDING;
    for (const part of cell) top += layout.write(part.text, x + CELL_PADDING, top, width, part.style);
    x += columns[index]!.width;
  });
  layout.y += height;
  layout.rule(layout.y);
}

/** A titled table; rows past its limit, or past the second page, are counted in "and N more". */
export function drawTable(layout: StatementLayout, table: Table): void {
  const { rows, columns } = table;
  if (rows.length === 0) return;
  const heights = rows.map((cells) => rowHeight(layout, cells, columns));
  const moreHeight = layout.moreHeight;
  if (!layout.room(HEADING_HEIGHT + headerHeight(layout) + heights[0]! + (rows.length > 1 ? moreHeight : 0))) return;
  layout.heading(table.title);
  drawHeader(layout, columns);
  for (const [index, cells] of rows.entries()) {
    const left = rows.length - index;
    const height = heights[index]!;
    // Each row leaves room for the "and N more" line that may follow it.
    const needed = height + (left > 1 ? moreHeight : 0);
    if (index >= table.limit || (layout.y + needed > BOTTOM && layout.page >= MAX_PAGES)) {
      layout.more(left, table.more);
      break;
    }
    // Carried onto the second page, under its column titles again.
    if (layout.y + needed > BOTTOM) {
      layout.newPage();
      drawHeader(layout, columns);
    }
    drawRow(layout, cells, columns, height);
  }
  layout.y += GAP;
}
