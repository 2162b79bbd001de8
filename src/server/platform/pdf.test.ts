import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfDocumentSpec } from './pdf';

/** The PDF read back with poppler (pdftotext keeps the layout; pdfinfo counts pages). */
function readBack(pdf: Buffer): { text: string; pages: number } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'doc.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { text, pages };
}

const order = (lines: number): PdfDocumentSpec => ({
  issuer: 'Clínicas Estéticas de México',
  issuerLines: ['Sucursal Tijuana', 'Blvd. Agua Caliente 123'],
  title: 'Orden de compra',
  number: 'OC-000123',
  fields: [
    ['Proveedor', 'Dermoinsumos del Norte'],
    ['Fecha', '26/11/2026'],
    ['Factura', 'F-991'],
  ],
  columns: [
    { header: 'SKU', width: 1 },
    { header: 'Producto', width: 3 },
    { header: 'Lote', width: 1.2 },
    { header: 'Cantidad', width: 1, align: 'right' },
    { header: 'Precio', width: 1.2, align: 'right' },
  ],
  rows: Array.from({ length: lines }, (_, i) => [
    `SKU${i + 1}`,
    i === 0 ? 'Ácido hialurónico 1 ml' : `Producto ${i + 1}`,
    `L-${i + 1}`,
    String(i + 1),
    '$1,234.50',
  ]),
  totals: [
    ['Subtotal', '$1,000.00'],
    ['IVA', '$160.00'],
    ['Total', '$1,160.00'],
  ],
  notes: 'Entregar en horario de 9:00 a 14:00; año fiscal 2026.',
  signatures: ['Entregó', 'Recibió'],
  footer: 'OC-000123',
});

describe('renderPdf', () => {
  it('writes the header, fields, lines, totals, notes and signatures, in Spanish characters', async () => {
    const pdf = await renderPdf(order(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = readBack(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Clínicas Estéticas de México',
      'Orden de compra',
      'OC-000123',
      'Proveedor: Dermoinsumos del Norte',
      'Ácido hialurónico 1 ml',
      'Observaciones',
      'año fiscal',
      'Entregó',
      'Recibió',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/SKU\s+Producto\s+Lote\s+Cantidad\s+Precio/);
    expect(text).toMatch(/Total\s+\$1,160\.00/);
  });

  it('continues a long table on new pages with its header repeated and numbers every page', async () => {
    const { text, pages } = readBack(await renderPdf(order(120)));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text.match(/SKU\s+Producto\s+Lote\s+Cantidad\s+Precio/g)).toHaveLength(pages);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain('SKU120');
    // every line printed once
    expect(text.match(/\bL-\d+\b/g)).toHaveLength(120);
  });
});
