import { request } from '../app/api';
import { notify } from './notify';

export interface OpenDocumentOptions {
  /** Called once when the document's tab closes (a ticket closes its own after printing). */
  onClosed?: () => void;
  /** A tab opened ahead (while what the document shows was still being written), to show it in. */
  tab?: Window | null;
}

/**
 * A page shown from a blob has no address to resolve its links against: a `<base>` of the app's origin lets a
 * ticket load its same-origin print script (the app's content security policy, which the blob keeps, allows 'self').
 */
const withAppBase = (html: string) => html.replace(/<head>/i, `<head><base href="${window.location.origin}/">`);

/** Watches the tab until it is closed; the opener gets no event for that. */
function watchClosed(win: Window, onClosed: () => void): void {
  const timer = window.setInterval(() => {
    if (!win.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, 300);
}

/**
 * Opens a document the API serves (an order's PDF, a printable consent or ticket) in a new tab: the API wants the
 * bearer token, so the file is fetched and shown from a blob. The tab is opened first, inside the click, so the
 * browser does not block it.
 */
export async function openDocument(path: string, type: 'application/pdf' | 'text/html' = 'application/pdf', opts: OpenDocumentOptions = {}): Promise<void> {
  const win = opts.tab ?? window.open('', '_blank');
  try {
    const res = await request(path);
    const body = type === 'text/html' ? withAppBase(await res.text()) : await res.arrayBuffer();
    const url = URL.createObjectURL(new Blob([body], { type }));
    const shown = win ?? window.open(url, '_blank');
    if (win) win.location.href = url;
    if (shown && opts.onClosed) watchClosed(shown, opts.onClosed);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    win?.close();
    notify.error(err);
  }
}
