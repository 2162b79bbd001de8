import { appointmentLines, type ReminderFacts } from '../../../domain/reminders';

/** The small Spanish page a reminder link answers (served by the API with the app's CSP: no script, inline style only). */
export type LinkOutcome = 'confirmed' | 'reschedule' | 'expired' | 'changed' | 'cancelled' | 'invalid';

export interface LinkPage {
  status: number;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGES: Record<LinkOutcome, { status: number; title: string; text: string; tone: 'ok' | 'info' | 'off' }> = {
  confirmed: { status: 200, title: '¡Cita confirmada!', text: 'Gracias por confirmar. Le esperamos.', tone: 'ok' },
  reschedule: {
    status: 200,
    title: 'Solicitud de reagenda recibida',
    text: 'La clínica le contactará para acordar un nuevo horario. Su cita sigue agendada mientras tanto.',
    tone: 'info',
  },
  expired: { status: 410, title: 'Enlace vencido', text: 'Este enlace ya no es válido: la cita ya pasó o ya no puede confirmarse.', tone: 'off' },
  changed: { status: 410, title: 'Enlace vencido', text: 'Su cita cambió después de este aviso. Use el enlace del aviso más reciente.', tone: 'off' },
  cancelled: { status: 410, title: 'Enlace vencido', text: 'Esta cita fue cancelada.', tone: 'off' },
  invalid: { status: 404, title: 'Enlace no válido', text: 'No encontramos este enlace. Revise que esté completo o llame a su clínica.', tone: 'off' },
};

const COLORS = { ok: '#237804', info: '#0958d9', off: '#595959' };

export function linkPage(outcome: LinkOutcome, facts?: ReminderFacts): LinkPage {
  const page = PAGES[outcome];
  const details = facts
    ? `<ul>${appointmentLines(facts)
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul>${facts.branchPhone ? `<p>Teléfono de la sucursal: ${escapeHtml(facts.branchPhone)}</p>` : ''}`
    : '';
  const html = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;background:#f5f5f5;color:#1f1f1f;margin:0;padding:24px}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:22px;margin:0 0 12px;color:${COLORS[page.tone]}}ul{padding-left:20px;line-height:1.6}p{line-height:1.5}</style></head>
<body><main data-outcome="${outcome}"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${details}</main></body></html>`;
  return { status: page.status, html };
}
