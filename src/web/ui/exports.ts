import { api, download } from '../app/api';

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

/** Opens a printable page of every filtered row; the browser's print dialog saves it as PDF. */
export async function printList<T>(resource: string, query: Record<string, unknown>, title: string, columns: ExportColumn<T>[]): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) throw new Error('El navegador bloqueó la ventana de impresión');
  const { items } = await api<{ items: T[] }>(`/${resource}`, { query: { ...query, page: 1, take: 0 } });
  const head = columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
  const body = items.map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(String(c.value(row) ?? ''))}</td>`).join('')}</tr>`).join('');
  win.document.title = title;
  win.document.body.innerHTML = `
    <style>body{font-family:system-ui,sans-serif;font-size:12px;margin:24px}h1{font-size:18px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left}th{background:#f0ebfa}</style>
    <h1>${escapeHtml(title)}</h1><p>${items.length} registros · ${new Date().toLocaleString('es-MX')}</p>
    <table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  win.focus();
  win.print();
}
