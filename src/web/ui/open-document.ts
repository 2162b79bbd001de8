import { request } from '../app/api';
import { notify } from './notify';

/**
 * Opens a document the API serves (an order's PDF, a printable consent) in a new tab: the API wants the bearer token,
 * so the file is fetched and shown from a blob. The tab is opened first, inside the click, so the browser does not block it.
 */
export async function openDocument(path: string, type: 'application/pdf' | 'text/html' = 'application/pdf'): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const res = await request(path);
    const url = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type }));
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    win?.close();
    notify.error(err);
  }
}
