import { describe, expect, it } from 'vitest';
import { renderReceiptPdf, type Receipt } from './receipt-pdf';
import { readPdfBack } from '../testing/pdf';

const readBack = readPdfBack;

const receipt = (lines: number): Receipt => ({
  name: 'Ticket POS-000123',
  issuer: 'Clínica Tijuana',
  issuerLines: ['Estética Peñasco S.A. de C.V.', 'RFC: EPE010101AB1'],
  title: 'Ticket de venta',
  blocks: [
    { fields: true, rows: [{ label: 'Cliente', value: 'María José Fernández Ibáñez de la Garza (1024)' }] },
    {
      heading: ['Concepto', 'Importe'],
      rows: Array.from({ length: lines }, (_, i) => [
        { label: `Depilación láser axilas, sesión ${i + 1}` },
        { label: '1 × $1,200.00', struck: '$1,500.00', value: '$1,200.00', detail: true },
      ]).flat(),
    },
    { ruled: true, rows: [{ label: 'Total', value: `$${(1200 * lines).toLocaleString('en-US')}.00`, strong: true }], note: 'Puntos ganados: 12' },
  ],
  footer: 'Gracias por su preferencia',
});

describe('renderReceiptPdf', () => {
  it('draws an 80 mm receipt on one page as long as its lines, in Spanish characters', async () => {
    const short = readBack(await renderReceiptPdf(receipt(2)));
    expect(short.width).toBeCloseTo(226.8, 1);
    expect(short.pages).toBe(1);
    for (const text of [
      'Clínica Tijuana',
      'Ticket de venta',
      'María José',
      'Depilación láser axilas, sesión 2',
      '$1,500.00',
      '$2,400.00',
      'Puntos ganados: 12',
      'Gracias por su preferencia',
    ])
      expect(short.text, text).toContain(text);
    const long = readBack(await renderReceiptPdf(receipt(20)));
    expect(long.pages).toBe(1);
    expect(long.width).toBeCloseTo(226.8, 1);
    // each line adds its height: 18 more lines make the roll longer, not a second page
    expect(long.height).toBeGreaterThan(short.height + 18 * 15);
  });
});
