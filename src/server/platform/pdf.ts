import PDFDocument from 'pdfkit';

/** A column of a document's lines table: its share of the width and the side its text keeps to. */
export interface PdfColumn {
  header: string;
  /** Relative width (the columns' widths are scaled to the page). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A business document (order, ticket, closing): header, data, lines, totals, notes and signatures. */
export interface PdfDocumentSpec {
  /** The issuer printed at the top left (company or branch). */
  issuer: string;
  issuerLines?: string[];
  /** 'Orden de compra', 'Ticket de venta' … */
  title: string;
  /** The document number beside the title ('OC-000123'). */
  number?: string;
  /** Label and value pairs under the header (Proveedor, Fecha, Sucursal …). */
  fields?: [string, string][];
  columns: PdfColumn[];
  /** Cells already formatted (money with formatMoney, dates in the branch's zone). */
  rows: string[][];
  /** Label and value pairs right-aligned under the lines; the last one is printed bold. */
  totals?: [string, string][];
  notes?: string;
  /** One signature line per label ('Entregó', 'Recibió'). */
  signatures?: string[];
  /** Printed at the foot of every page with the page number. */
  footer?: string;
}

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const LINE_GAP = 4;
const HEADER_FILL = '#f0ebfa';

type Doc = PDFKit.PDFDocument;

/** Renders the document to a Letter-size PDF; a lines table longer than a page continues with its header repeated. */
export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true, info: { Title: documentTitle(spec), Author: spec.issuer } });
  const done = collect(doc);
  drawHeader(doc, spec);
  drawFields(doc, spec.fields ?? []);
  drawTable(doc, spec.columns, spec.rows);
  drawTotals(doc, spec.totals ?? []);
  if (spec.notes) drawNotes(doc, spec.notes);
  if (spec.signatures?.length) drawSignatures(doc, spec.signatures);
  drawPageFooters(doc, spec.footer);
  doc.end();
  return done;
}

export const documentTitle = (spec: Pick<PdfDocumentSpec, 'title' | 'number'>): string => (spec.number ? `${spec.title} ${spec.number}` : spec.title);

/** The bytes of a PDFKit document once it ends (call before doc.end()). */
export function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const contentWidth = (doc: Doc): number => doc.page.width - MARGIN * 2;
const bottomLimit = (doc: Doc): number => doc.page.height - MARGIN - 20;

function drawHeader(doc: Doc, spec: PdfDocumentSpec): void {
  const top = doc.y;
  doc
    .font(BOLD)
    .fontSize(13)
    .text(spec.issuer, MARGIN, top, { width: contentWidth(doc) / 2 });
  doc.font(FONT).fontSize(8.5);
  for (const line of spec.issuerLines ?? []) doc.text(line, { width: contentWidth(doc) / 2 });
  const left = doc.y;
  doc
    .font(BOLD)
    .fontSize(15)
    .text(spec.title, MARGIN, top, { width: contentWidth(doc), align: 'right' });
  if (spec.number)
    doc
      .font(FONT)
      .fontSize(11)
      .text(spec.number, { width: contentWidth(doc), align: 'right' });
  doc.y = Math.max(left, doc.y) + 10;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.8)
    .strokeColor('#7b4fc9')
    .stroke();
  doc.y += 10;
}

/** Label and value pairs in two columns. */
function drawFields(doc: Doc, fields: [string, string][]): void {
  const half = contentWidth(doc) / 2;
  for (let i = 0; i < fields.length; i += 2) {
    const y = doc.y;
    const heights = fields.slice(i, i + 2).map(([label, value], k) => {
      const x = MARGIN + k * half;
      doc
        .font(BOLD)
        .fontSize(9)
        .text(`${label}: `, x, y, { width: half - 8, continued: true })
        .font(FONT)
        .text(value || '—');
      return doc.y;
    });
    doc.y = Math.max(...heights) + 2;
  }
  if (fields.length) doc.y += 8;
}

function columnXs(doc: Doc, columns: PdfColumn[]): { x: number; width: number }[] {
  const total = columns.reduce((s, c) => s + c.width, 0);
  let x = MARGIN;
  return columns.map((c) => {
    const width = (c.width / total) * contentWidth(doc);
    const at = { x, width };
    x += width;
    return at;
  });
}

function rowHeight(doc: Doc, cells: string[], xs: { width: number }[]): number {
  return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: xs[i]!.width - 8 }))) + LINE_GAP * 2;
}

function drawRow(doc: Doc, cells: string[], columns: PdfColumn[], xs: { x: number; width: number }[], height: number): void {
  const y = doc.y;
  cells.forEach((text, i) => doc.text(text, xs[i]!.x + 4, y + LINE_GAP, { width: xs[i]!.width - 8, align: columns[i]!.align ?? 'left' }));
  doc.y = y + height;
}

function drawTableHeader(doc: Doc, columns: PdfColumn[], xs: { x: number; width: number }[]): void {
  doc.font(BOLD).fontSize(8.5);
  const height = rowHeight(
    doc,
    columns.map((c) => c.header),
    xs,
  );
  doc.rect(MARGIN, doc.y, contentWidth(doc), height).fill(HEADER_FILL).fillColor('black');
  drawRow(
    doc,
    columns.map((c) => c.header),
    columns,
    xs,
    height,
  );
  doc.font(FONT).fontSize(8.5);
}

function drawTable(doc: Doc, columns: PdfColumn[], rows: string[][]): void {
  const xs = columnXs(doc, columns);
  drawTableHeader(doc, columns, xs);
  for (const row of rows) {
    const height = rowHeight(doc, row, xs);
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      drawTableHeader(doc, columns, xs);
    }
    drawRow(doc, row, columns, xs, height);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + contentWidth(doc), doc.y)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  }
  doc.y += 8;
}

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

function drawTotals(doc: Doc, totals: [string, string][]): void {
  const width = contentWidth(doc) * 0.4;
  const x = MARGIN + contentWidth(doc) - width;
  ensureRoom(doc, totals.length * 16);
  totals.forEach(([label, value], i) => {
    const y = doc.y;
    doc.font(i === totals.length - 1 ? BOLD : FONT).fontSize(i === totals.length - 1 ? 10.5 : 9);
    doc.text(label, x, y, { width: width / 2 });
    doc.text(value, x + width / 2, y, { width: width / 2, align: 'right' });
    doc.y = Math.max(doc.y, y + 14);
  });
  if (totals.length) doc.y += 8;
}

function drawNotes(doc: Doc, notes: string): void {
  ensureRoom(doc, 40);
  doc
    .font(BOLD)
    .fontSize(9)
    .text('Observaciones', MARGIN, doc.y, { width: contentWidth(doc) });
  doc
    .font(FONT)
    .fontSize(9)
    .text(notes, { width: contentWidth(doc) });
  doc.y += 8;
}

function drawSignatures(doc: Doc, labels: string[]): void {
  const height = 70;
  ensureRoom(doc, height);
  const width = contentWidth(doc) / labels.length;
  const lineY = doc.y + 45;
  labels.forEach((label, i) => {
    const x = MARGIN + i * width + 15;
    doc
      .moveTo(x, lineY)
      .lineTo(x + width - 30, lineY)
      .lineWidth(0.6)
      .strokeColor('black')
      .stroke();
    doc
      .font(FONT)
      .fontSize(9)
      .text(label, x, lineY + 4, { width: width - 30, align: 'center' });
  });
  doc.y = lineY + 20;
}

function drawPageFooters(doc: Doc, footer: string | undefined): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const text = `${footer ? `${footer} · ` : ''}Página ${i - start + 1} de ${count}`;
    // the footer sits in the bottom margin: lift the margin so pdfkit does not open a page for it
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor('#666666')
      .text(text, MARGIN, doc.page.height - MARGIN + 10, { width: contentWidth(doc), align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.fillColor('black');
  }
}
