import { cents, formatMoney, fromCents, subtractCents, type Cents } from './money';

/**
 * The owner's indicators (issue 29): the figures a clinic chain leads with, each with its definition, by branch and
 * for the chain, against the same period a year before. The formulas live here; the server counts their parts
 * (src/server/modules/reports/indicators) and the page draws them. A ratio whose denominator is zero is null ('—').
 */

export const INDICATOR_NAMES = ['rebooking', 'retention90', 'averageTicket', 'revenuePerCabinHour', 'noShowRate', 'expiringStock'] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];
export const isIndicatorName = (v: unknown): v is IndicatorName => typeof v === 'string' && (INDICATOR_NAMES as readonly string[]).includes(v);

export interface IndicatorMeta {
  name: IndicatorName;
  label: string;
  /** percent: 0–100 with two decimals; money: pesos with two decimals. */
  unit: 'percent' | 'money';
  /** Which way is good: the page colours the change's arrow by it. */
  better: 'higher' | 'lower';
  definition: string;
}

export const INDICATORS: Record<IndicatorName, IndicatorMeta> = {
  rebooking: {
    name: 'rebooking',
    label: 'Reagendado',
    unit: 'percent',
    better: 'higher',
    definition:
      'Citas terminadas del periodo cuyo cliente agendó otra cita posterior ese mismo día (en cualquier sucursal) ÷ citas terminadas del periodo × 100.',
  },
  retention90: {
    name: 'retention90',
    label: 'Retención a 90 días',
    unit: 'percent',
    better: 'higher',
    definition:
      'Clientes con una cita terminada en el periodo que volvieron a terminar otra cita (en cualquier sucursal) dentro de los 90 días siguientes a su primera visita del periodo ÷ clientes con una cita terminada en el periodo × 100. Se cuenta por la sucursal de esa primera visita; si el periodo terminó hace menos de 90 días, la cifra aún puede subir.',
  },
  averageTicket: {
    name: 'averageTicket',
    label: 'Ticket promedio',
    unit: 'money',
    better: 'higher',
    definition:
      'Total de las ventas pagadas y no devueltas del periodo (tratamientos, paquetes y productos, en todos los canales) ÷ número de esas ventas, por el día de negocio de la sucursal.',
  },
  revenuePerCabinHour: {
    name: 'revenuePerCabinHour',
    label: 'Ingreso por hora de cabina abierta',
    unit: 'money',
    better: 'higher',
    definition:
      'Ingresos del periodo con base de efectivo (lo cobrado − cambio − devoluciones, como en Ventas mensuales) ÷ horas abiertas de las cabinas (el horario de cada cabina dentro del de la sucursal menos los bloqueos, como en Ocupación).',
  },
  noShowRate: {
    name: 'noShowRate',
    label: 'Inasistencia',
    unit: 'percent',
    better: 'lower',
    definition:
      'Citas del periodo marcadas como inasistencia ÷ citas del periodo terminadas o con inasistencia × 100 (sin las canceladas ni las aún pendientes).',
  },
  expiringStock: {
    name: 'expiringStock',
    label: 'Inventario por caducar en 30 días',
    unit: 'money',
    better: 'lower',
    definition:
      'Valor (al precio de cada lote) de las piezas que la sucursal tenía al cierre del último día del periodo en lotes que caducan desde ese día hasta 30 días después, según el kárdex.',
  },
};

/** Days after a customer's first finished visit of the period within which a return counts as retained. */
export const RETENTION_DAYS = 90;
/** Days ahead of the period's last day whose expiries count as expiring. */
export const EXPIRING_DAYS = 30;

/** part ÷ whole × 100 with two decimals (half up), or null when whole is 0. Counts are whole numbers. */
export function ratePercent(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part * 10_000) / whole) / 100;
}

/** The average of `count` sales totalling `total` cents, in pesos to the cent; null without sales. */
export function averageTicket(total: Cents, count: number): number | null {
  if (!count) return null;
  return fromCents(cents(Math.round(total / count)));
}

/** Income (cents) per open cabin hour, in pesos to the cent; null when no cabin was open. */
export function revenuePerCabinHour(income: Cents, openMinutes: number): number | null {
  if (!openMinutes) return null;
  return fromCents(cents(Math.round((income * 60) / openMinutes)));
}

export const rebookingRate = (rebooked: number, finished: number) => ratePercent(rebooked, finished);
export const retentionRate = (retained: number, customers: number) => ratePercent(retained, customers);
export const noShowRate = (absences: number, finishedOrAbsent: number) => ratePercent(absences, finishedOrAbsent);

/** The change of a figure against last year's: the difference (points for a percent, pesos for money) and in percent of last year's. */
export interface IndicatorChange {
  change: number | null;
  changePercent: number | null;
}

export function indicatorChange(current: number | null, lastYear: number | null): IndicatorChange {
  if (current === null || lastYear === null) return { change: null, changePercent: null };
  // both carry two decimals: subtract as hundredths so 0.3 − 0.1 is 0.2, not 0.19999999999999998
  const diff = fromCents(subtractCents(cents(Math.round(current * 100)), cents(Math.round(lastYear * 100))));
  return { change: diff, changePercent: lastYear === 0 ? null : Math.round((diff / Math.abs(lastYear)) * 10_000) / 100 };
}

/** The same days a year before: 29 February falls on the 28th. */
export function sameDayLastYear(date: string): string {
  const y = Number(date.slice(0, 4)) - 1;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${y}-${md === '02-29' && !leap ? '02-28' : md}`;
}

export function periodLastYear(period: { from: string; to: string }): { from: string; to: string } {
  return { from: sameDayLastYear(period.from), to: sameDayLastYear(period.to) };
}

/** How a figure is shown: '—' when null, else a percent with two decimals or pesos ($1,234.56). */
export function formatIndicator(unit: IndicatorMeta['unit'], value: number | null): string {
  if (value === null) return '—';
  if (unit === 'money') return formatMoney(value);
  return `${value.toLocaleString('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}
