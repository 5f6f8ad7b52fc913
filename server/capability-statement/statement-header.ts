import { COLOURS } from '../pages/images/colours.js';
import type { StatementDrawing } from './statement-drawing.js';
import { GAP, MARGIN, MUTED, TINT, WIDTH, type Cell } from './statement-layout.js';

const CONTACT_WIDTH = 190;

/** The name, the title and the legal name and founding year, beside the logo; returns where they end. */
function drawName({ input, layout, texts, printable, name }: StatementDrawing, logoSize: number): number {
  const { company } = input.contents.content;
  const nameX = MARGIN + (logoSize ? logoSize + 12 : 0);
  const nameWidth = WIDTH - CONTACT_WIDTH - 16 - (nameX - MARGIN);
  let bottom = layout.y;
  bottom += layout.write(name, nameX, bottom, nameWidth, { font: 'bold', size: 17, color: COLOURS.navy, lines: 2 });
  bottom += 2;
  bottom += layout.write(texts.title, nameX, bottom, nameWidth, { font: 'bold', size: 8.5, color: COLOURS.accent });
  const legalName = printable(company.registration.legalName);
  const identity = [
    legalName !== name ? legalName : '',
    company.registration.established ? texts.established(company.registration.established) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (identity) bottom += 2 + layout.write(identity, nameX, bottom + 2, nameWidth, { size: 8, color: MUTED, lines: 2 });
  return bottom;
}

/** The address, phones, e-mail and site, set against the other edge; returns where they end. */
function drawContact({ input, layout, printable }: StatementDrawing): number {
  const { company } = input.contents.content;
  const contact: Cell[] = [
    { text: company.address.map(printable).join('\n') },
    { text: company.phones.join(' · ') },
    { text: company.email, style: { link: `mailto:${company.email}`, color: COLOURS.navy } },
    {
      text: input.siteUrl.replace(/^https?:\/\//, ''),
      style: { link: input.siteUrl, color: COLOURS.navy, font: 'bold' },
    },
  ];
  const contactX = MARGIN + WIDTH - CONTACT_WIDTH;
  let bottom = layout.y;
  for (const line of contact)
    bottom += layout.write(line.text, contactX, bottom, CONTACT_WIDTH, {
      size: 8,
      align: 'right',
      lines: 6,
      ...line.style,
    });
  return bottom;
}

/** The header: logo, name, contact details, and a rule under them. */
export function drawHeader(drawing: StatementDrawing): void {
  const { input, layout } = drawing;
  const logoSize = input.logo ? 52 : 0;
  if (input.logo)
    layout.doc.image(input.logo.data, layout.at(MARGIN, logoSize), layout.y, {
      fit: [logoSize, logoSize],
      valign: 'center',
    });
  const bottom = Math.max(drawName(drawing, logoSize), drawContact(drawing), layout.y + logoSize);
  layout.y = bottom + 8;
  layout.doc.rect(MARGIN, layout.y, WIDTH, 1.5).fill(COLOURS.accent);
  layout.y += 10;
}

interface Fact {
  label: string;
  value: string;
}

/** Facts in a tinted row, a column each. */
function drawFactRow({ layout }: StatementDrawing, facts: Fact[], valueSize: number): void {
  if (facts.length === 0) return;
  const columnWidth = WIDTH / Math.max(facts.length, 3);
  const textWidth = columnWidth - 16;
  const valueStyle = { font: 'bold', size: valueSize, color: COLOURS.navy, lines: 2 } as const;
  const labelStyle = { size: 7, color: MUTED };
  const factHeight = (fact: Fact) =>
    layout.measure(fact.label, textWidth, labelStyle) + layout.measure(fact.value, textWidth, valueStyle);
  const height = 8 + Math.max(...facts.map(factHeight)) + 8;
  layout.room(height);
  layout.doc.rect(MARGIN, layout.y, WIDTH, height).fill(TINT);
  facts.forEach((fact, index) => {
    const x = MARGIN + index * columnWidth + 8;
    const labelHeight = layout.write(fact.label.toUpperCase(), x, layout.y + 8, textWidth, labelStyle);
    layout.write(fact.value, x, layout.y + 8 + labelHeight, textWidth, valueStyle);
  });
  layout.y += height + 8;
}

/** Registration numbers in a row, then capacity. */
export function drawFacts(drawing: StatementDrawing): void {
  const { input, texts, printable } = drawing;
  const { registration } = input.contents.content.company;
  const { capacity } = input.contents.content.capability;
  const given = (fact: Fact) => fact.value !== '';
  const numbers = [
    { label: 'GSTIN', value: registration.gstin },
    { label: 'IEC', value: registration.iec },
    { label: registration.cin.startsWith('UDYAM') ? texts.udyamNumber : 'CIN', value: registration.cin },
  ];
  drawFactRow(drawing, numbers.filter(given), 9);
  const capacities = [
    { label: texts.capacity, value: capacity.tonnesPerMonth && texts.tonnesPerMonth(capacity.tonnesPerMonth) },
    { label: texts.weightPerPiece, value: printable(capacity.weightRange) },
    { label: texts.largestDiameter, value: printable(capacity.largestDiameter) },
  ];
  drawFactRow(drawing, capacities.filter(given), 12);
  drawing.layout.y += GAP - 8;
}
