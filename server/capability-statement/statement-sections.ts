import { nameInSentence } from '../../shared/content/company.js';
import type { StatementDrawing } from './statement-drawing.js';
import { LIMITS } from './statement-contents.js';
import { FOOTER_Y, GAP, HEADING_HEIGHT, MARGIN, MUTED, WIDTH, type Cell, type Style } from './statement-layout.js';
import { drawTable, type Column } from './statement-table.js';

/** A table's columns: their titles and widths, the one of width 0 taking what the others leave. */
function tableColumns(titles: readonly string[], widths: number[]): Column[] {
  const rest = WIDTH - widths.reduce((sum, width) => sum + width, 0);
  return titles.map((title, index) => ({ title, width: widths[index] || rest }));
}

/** The valid certificates: name and number, scope, certifier and accreditation, valid until. */
export function drawCertificates({ input, layout, texts, printable, intlLocale }: StatementDrawing): void {
  const validUntil = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  drawTable(layout, {
    title: texts.certificates,
    more: texts.moreCertificates,
    columns: tableColumns(texts.certificateColumns, [140, 185, 0, 70]),
    rows: input.contents.certificates.map((certificate) => [
      [
        { text: printable(certificate.name), style: { font: 'bold', lines: 2 } },
        { text: texts.certificateNumber(printable(certificate.number)), style: { size: 8, color: MUTED, lines: 2 } },
      ],
      [{ text: printable(certificate.scope), style: { size: 8, lines: 2 } }],
      [
        { text: printable(certificate.certifier), style: { size: 8, lines: 2 } },
        { text: printable(certificate.accreditation), style: { size: 7.5, color: MUTED, lines: 2 } },
      ],
      [{ text: validUntil(certificate.validUntil), style: { size: 8 } }],
    ]),
    limit: LIMITS.certificates,
  });
}

/** The machines: name, make, capacity and count. */
export function drawMachines({ input, layout, texts, printable }: StatementDrawing): void {
  drawTable(layout, {
    title: texts.machines,
    more: texts.moreMachines,
    columns: tableColumns(texts.machineColumns, [215, 130, 110, 0]),
    rows: input.contents.content.capability.machines.map((machine) => [
      [{ text: printable(machine.name), style: { font: 'bold', lines: 1 } }],
      [{ text: printable(machine.make), style: { lines: 1 } }],
      [{ text: printable([machine.capacity, machine.unit].filter(Boolean).join(' ')), style: { lines: 1 } }],
      [{ text: machine.count }],
    ]),
    limit: LIMITS.machines,
  });
}

/** Up to two machine photos side by side, each with its alt text as the caption. */
export function drawMachinePhotos({ input, layout, printable }: StatementDrawing): void {
  const photos = input.machinePhotos.slice(0, LIMITS.machinePhotos);
  if (photos.length === 0) return;
  const photoWidth = (WIDTH - 12) / 2;
  const photoHeight = 130;
  const captionStyle: Style = { size: 7.5, color: MUTED, lines: 2 };
  const captionHeight = Math.max(
    ...photos.map((photo) => layout.measure(printable(photo.alt), photoWidth, captionStyle)),
  );
  if (!layout.room(photoHeight + 4 + captionHeight)) return;
  photos.forEach((photo, index) => {
    const x = MARGIN + index * (photoWidth + 12);
    layout.cropped(photo, x, layout.y, photoWidth, photoHeight);
    layout.write(printable(photo.alt), x, layout.y + photoHeight + 4, photoWidth, captionStyle);
  });
  layout.y += photoHeight + 4 + captionHeight + GAP;
}

const LIST_STYLE: Style = { size: 8.5 };

/** The items joined, as many as fit in `lines` lines, then "and N more". */
function listText(drawing: StatementDrawing, items: string[], width: number, lines: number): string {
  const { layout, texts, printable } = drawing;
  const clean = items.map(printable).filter(Boolean);
  const fits = (text: string) =>
    layout.measure(text, width, { ...LIST_STYLE, lines: undefined }) <= lines * layout.lineHeight(LIST_STYLE);
  const all = clean.join(texts.listSeparator);
  if (fits(all)) return all;
  let shown = clean.length - 1;
  const cut = (count: number) =>
    texts.listAndMore(clean.slice(0, count).join(texts.listSeparator), clean.length - count);
  while (shown > 1 && !fits(cut(shown))) shown -= 1;
  return cut(shown);
}

/** Materials and standards side by side, then export markets. */
export function drawLists(drawing: StatementDrawing): void {
  const { input, layout, texts } = drawing;
  const { capability } = input.contents.content;
  const halfWidth = (WIDTH - 16) / 2;
  const lists = [
    { title: texts.materials, items: capability.materials },
    { title: texts.standards, items: capability.standards },
  ].filter((list) => list.items.length > 0);
  if (lists.length > 0) {
    const width = lists.length === 2 ? halfWidth : WIDTH;
    const bodies = lists.map((list) => listText(drawing, list.items, width, LIMITS.listLines));
    const height = HEADING_HEIGHT + Math.max(...bodies.map((text) => layout.measure(text, width, LIST_STYLE)));
    if (layout.room(height)) {
      const top = layout.y;
      lists.forEach((list, index) => {
        const x = MARGIN + index * (halfWidth + 16);
        layout.title(list.title, x, top, width);
        layout.write(bodies[index]!, x, top + HEADING_HEIGHT, width, LIST_STYLE);
      });
      layout.y = top + height + GAP;
    }
  }
  if (capability.markets.length > 0) {
    const text = listText(drawing, capability.markets, WIDTH, LIMITS.marketLines);
    if (layout.room(HEADING_HEIGHT + layout.measure(text, WIDTH, LIST_STYLE))) {
      layout.heading(texts.exportMarkets);
      layout.y += layout.write(text, MARGIN, layout.y, WIDTH, LIST_STYLE) + GAP;
    }
  }
}

/** Case studies: a photo (when there is one) beside the title, industry and country, and what was made. */
export function drawCaseStudies({ input, layout, texts, printable }: StatementDrawing): void {
  const studies = input.contents.content.capability.caseStudies;
  if (studies.length === 0) return;
  const thumb = { width: 96, height: 68 };
  const photos = input.caseStudyPhotos;
  const textWidth = (index: number) => (photos.has(index) ? WIDTH - thumb.width - 12 : WIDTH);
  const parts = studies.map((study): Cell[] => [
    { text: printable(study.title), style: { font: 'bold', size: 9.5, lines: 2 } },
    {
      text: [printable(study.industry), printable(study.country)].filter(Boolean).join(' · '),
      style: { size: 7.5, color: MUTED, lines: 1 },
    },
    { text: printable(study.made.replace(/\s*\n+\s*/g, ' ')), style: { size: 8.5, lines: 4 } },
  ]);
  const heights = parts.map((cell, index) =>
    Math.max(
      photos.has(index) ? thumb.height : 0,
      cell.reduce((sum, part) => sum + layout.measure(part.text, textWidth(index), part.style) + 1, 0),
    ),
  );
  const moreHeight = layout.moreHeight;
  if (!layout.room(HEADING_HEIGHT + heights[0]! + (studies.length > 1 ? moreHeight : 0))) return;
  layout.heading(texts.caseStudies);
  for (const [index, cell] of parts.entries()) {
    const left = studies.length - index;
    const height = heights[index]!;
    if (index >= LIMITS.caseStudies || !layout.room(height + (left > 1 ? moreHeight : 0))) {
      layout.more(left, texts.moreCaseStudies);
      break;
    }
    const photo = photos.get(index);
    if (photo) layout.cropped(photo, MARGIN, layout.y, thumb.width, thumb.height);
    const x = photo ? MARGIN + thumb.width + 12 : MARGIN;
    let top = layout.y;
    for (const part of cell) top += layout.write(part.text, x, top, textWidth(index), part.style) + 1;
    layout.y += height + 10;
  }
}

/** The footer of each page: who published it and when, and the page's number. */
export function drawFooters({ input, layout, texts, intlLocale, name }: StatementDrawing): void {
  const published = new Date(input.publishedAt).toLocaleDateString(intlLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: input.timeZone,
  });
  const { doc } = layout;
  const range = doc.bufferedPageRange();
  const footerStyle = { size: 7, color: MUTED };
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    layout.rule(FOOTER_Y - 6);
    layout.write(texts.footer(nameInSentence(name), published), MARGIN, FOOTER_Y, WIDTH - 90, {
      ...footerStyle,
      lines: 1,
    });
    layout.write(texts.page(index + 1, range.count), MARGIN + WIDTH - 90, FOOTER_Y, 90, {
      ...footerStyle,
      align: 'right',
    });
  }
}
