import PDFDocument from 'pdfkit';
import { collect } from './pdf';

/** One line of a receipt: a label and, at the right, its figure. */
export interface ReceiptRow {
  label: string;
  value?: string;
  /** Printed struck through after the label (the list price a discount replaced). */
  struck?: string;
  /** A detail of the row above: smaller and indented. */
  detail?: boolean;
  /** A total: bold and larger. */
  strong?: boolean;
}

/** A run of rows, opened by a dashed rule when it has a title or `ruled`. */
export interface ReceiptBlock {
  title?: string;
  ruled?: boolean;
  /** The values are words (names, dates), not figures: on the page they may wrap. */
  fields?: boolean;
  /** Column headings over the rows ('Concepto', 'Importe'). */
  heading?: [string, string];
  rows: ReceiptRow[];
  /** Centred text under the rows ('Puntos ganados: 11'). */
  note?: string;
  /** A paragraph under the rows ('Motivo: …'). */
  text?: string;
}

/** An 80 mm receipt as both its printed page and its PDF show it (modules/sales/tickets builds it). */
export interface Receipt {
  /** The document's name: the PDF's title and the page's ('Ticket POS-000123'). */
  name: string;
  issuer: string;
  issuerLines: string[];
  /** 'Ticket de venta', 'Ticket de devolución'. */
  title: string;
  blocks: ReceiptBlock[];
  footer: string;
}

/** 80 mm in points: the roll's width. */
export const RECEIPT_WIDTH = (80 / 25.4) * 72;
/** 3 mm each side, as the printed page. */
const MARGIN = (3 / 25.4) * 72;
/** The tallest page a PDF reader takes (200 inches); a longer receipt goes on to a second page. */
const MAX_HEIGHT = 14_400;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 8;

type Doc = PDFKit.PDFDocument;

/**
 * The receipt as a PDF one roll wide (80 mm) and as long as the receipt: drawn once on a tall page to measure it,
 * then again on a page of that height.
 */
export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const measure = newDoc(receipt, MAX_HEIGHT);
  const height = draw(measure, receipt);
  measure.end();
  const doc = newDoc(receipt, Math.min(MAX_HEIGHT, Math.ceil(height + MARGIN)));
  const done = collect(doc);
  draw(doc, receipt);
  doc.end();
  return done;
}

function newDoc(receipt: Receipt, height: number): Doc {
  return new PDFDocument({ size: [RECEIPT_WIDTH, height], margin: MARGIN, info: { Title: receipt.name, Author: receipt.issuer } });
}

const WIDTH = RECEIPT_WIDTH - MARGIN * 2;

/** Draws the receipt from the top and answers where it ended. */
function draw(doc: Doc, r: Receipt): number {
  doc.font(BOLD).fontSize(11).text(r.issuer, MARGIN, MARGIN, { width: WIDTH, align: 'center' });
  doc.font(FONT).fontSize(SIZE);
  for (const line of r.issuerLines) doc.text(line, { width: WIDTH, align: 'center' });
  rule(doc);
  doc.font(BOLD).fontSize(10).text(r.title, MARGIN, doc.y, { width: WIDTH, align: 'center' });
  doc.y += 3;
  for (const block of r.blocks) drawBlock(doc, block);
  rule(doc);
  doc.font(FONT).fontSize(SIZE).text(r.footer, MARGIN, doc.y, { width: WIDTH, align: 'center' });
  return doc.y;
}

function rule(doc: Doc): void {
  doc.y += 4;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .dash(2, { space: 2 })
    .lineWidth(0.6)
    .strokeColor('black')
    .stroke()
    .undash();
  doc.y += 4;
}

function drawBlock(doc: Doc, b: ReceiptBlock): void {
  if (b.title || b.ruled) rule(doc);
  if (b.title) doc.font(BOLD).fontSize(SIZE).text(b.title, MARGIN, doc.y, { width: WIDTH });
  if (b.heading) {
    doc.y += 3;
    drawRow(doc, { label: b.heading[0], value: b.heading[1] }, BOLD);
    doc.y += 1;
  }
  for (const row of b.rows) drawRow(doc, row, row.strong ? BOLD : FONT);
  if (b.text)
    doc
      .font(FONT)
      .fontSize(SIZE)
      .text(b.text, MARGIN, doc.y + 2, { width: WIDTH });
  if (b.note)
    doc
      .font(FONT)
      .fontSize(SIZE)
      .text(b.note, MARGIN, doc.y + 4, { width: WIDTH, align: 'center' });
}

/** The label wraps in what the value leaves free; the value keeps to the right and wraps past two thirds of the width. */
function drawRow(doc: Doc, row: ReceiptRow, font: string): void {
  const size = row.strong ? 10 : row.detail ? SIZE - 1 : SIZE;
  const indent = row.detail ? 6 : 0;
  doc.font(font).fontSize(size);
  const valueWidth = row.value ? Math.min(doc.widthOfString(row.value) + 1, WIDTH * 0.65) : 0;
  const y = doc.y + (row.strong ? 2 : 0);
  const label = row.struck ? `${row.label} ` : row.label;
  doc.text(label, MARGIN + indent, y, { width: WIDTH - indent - valueWidth - 4, continued: Boolean(row.struck) });
  if (row.struck) doc.text(row.struck, { strike: true });
  const end = doc.y;
  if (row.value) doc.text(row.value, MARGIN + WIDTH - valueWidth, y, { width: valueWidth, align: 'right' });
  doc.y = Math.max(end, doc.y) + 1;
}
