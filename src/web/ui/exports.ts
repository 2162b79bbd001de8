import { api, download } from '../app/api';
import { formatCount } from './format';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

/** CSV of every filtered row, streamed by the server. */
export function exportCsv(resource: string, query: Record<string, unknown>, name: string): Promise<void> {
  return download(`/${resource}`, { ...query, page: 1, take: 0, format: 'csv' }, `${name}.csv`);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * A printed list stops at the largest page the API serves (take ≤ 1,000, which is also the count cap of the
 * appointment list and of customer searches): past it the browser could not lay the page out anyway. CSV has no limit.
 */
export const PRINT_LIMIT = 1000;

/** What a list's answer says about its size: the count, and whether it stopped counting there. */
export interface ListSize {
  itemCount: number;
  itemCountCapped?: boolean;
}

/**
 * The warning for a print of more rows than PRINT_LIMIT (null when every row fits): said before printing and
 * written on the printed page. A capped count reads «más de 1,000».
 */
export function printLimitNote(size: ListSize | undefined, limit = PRINT_LIMIT): string | null {
  if (!size || (!size.itemCountCapped && size.itemCount <= limit)) return null;
  const total = size.itemCountCapped ? `más de ${formatCount(size.itemCount)}` : formatCount(size.itemCount);
  return `Se imprimirán los primeros ${formatCount(limit)} de ${total} registros; use CSV para exportarlos todos.`;
}

/** Opens a printable page of the filtered rows (at most PRINT_LIMIT, said on the page); the browser's print dialog saves it as PDF. */
export async function printList<T>(resource: string, query: Record<string, unknown>, title: string, columns: ExportColumn<T>[]): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) throw new Error('El navegador bloqueó la ventana de impresión');
  const { items, meta } = await api<{ items: T[]; meta?: ListSize }>(`/${resource}`, { query: { ...query, page: 1, take: PRINT_LIMIT } });
  const note = printLimitNote(meta ?? { itemCount: items.length });
  const head = columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
  const body = items.map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(String(c.value(row) ?? ''))}</td>`).join('')}</tr>`).join('');
  win.document.title = title;
  win.document.body.innerHTML = `
    <style>body{font-family:system-ui,sans-serif;font-size:12px;margin:24px}h1{font-size:18px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left}th{background:#f0ebfa}.note{border:1px solid #faad14;background:#fffbe6;padding:6px 8px}</style>
    <h1>${escapeHtml(title)}</h1><p>${formatCount(items.length)} registros · ${new Date().toLocaleString('es-MX')}</p>
    ${note ? `<p class="note" id="print-limit-note">${escapeHtml(note)}</p>` : ''}
    <table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  win.focus();
  win.print();
}
