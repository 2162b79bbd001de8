import { addCents, percentOfCents, subtractCents, type Cents } from './money';

/**
 * The reports hub (second document, sections 2, 3, 4, 7 and 9; API.md 'Reports'): one definition per report —
 * its title, filters, columns with their types, which columns add up, its chart and the definition printed under
 * its table. The API answers it, the hub draws it, the .xlsx writes it and the e-mail sends it from this one place;
 * the server adds each report's query (src/server/modules/reports/definitions).
 */

export const REPORT_NAMES = [
  'profitability-by-branch',
  'general-inventory',
  'branch-expenses',
  'general-expenses-by-product',
  'customers',
  'appointments',
  'confirmation',
  'scheduled-appointments',
  'occupation',
  'daily-sales',
  'monthly-sales',
  'individual-medical-fees',
  'general-medical-fees',
  'individual-cosmetology-fees',
  'general-cosmetology-fees',
  'daily-cash-closing',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export type ReportColumnType = 'money' | 'number' | 'percent' | 'date' | 'datetime' | 'text';

export interface ReportColumn {
  key: string;
  label: string;
  type: ReportColumnType;
  /** The column adds up: the totals row sums it (money to the cent). */
  sums?: boolean;
}

/** The filters a report's form shows: a date range, a month, a year, a branch, a user (individual fees), the money basis. */
export type ReportFilter = 'dates' | 'month' | 'year' | 'branch' | 'user' | 'basis' | 'profitabilityType';

export type ReportChart = 'salesByDay' | 'salesByMonth' | 'appointmentsByChannel' | 'occupationHeatmap' | 'profitabilityByMonth';

/** Who a user filter lists: the medics (medical fees) or the cosmetologists (cosmetology fees). */
export type ReportUserKind = 'medic' | 'cosmetologist';

export interface ReportMeta {
  name: ReportName;
  title: string;
  /** The group the hub's selector shows it under. */
  group: 'Administración' | 'Mercadotecnia' | 'Recursos Humanos' | 'Logística';
  filters: readonly ReportFilter[];
  /** The columns every period shows; a report whose columns follow the period (months) adds them on the server. */
  columns: readonly ReportColumn[];
  /** What the figures mean, printed under the table and in the workbook. */
  definition: string;
  chart?: ReportChart;
  userKind?: ReportUserKind;
  /** The column that holds a money total when the report is a money report (API.md: every money report has `total`). */
  money?: boolean;
  /** A cell of this column opens the rows behind it (GET /v1/report/{name}/drill). */
  drill?: string;
}

const money = (key: string, label: string): ReportColumn => ({ key, label, type: 'money', sums: true });
const count = (key: string, label: string): ReportColumn => ({ key, label, type: 'number', sums: true });
const text = (key: string, label: string): ReportColumn => ({ key, label, type: 'text' });
const day = (key: string, label: string): ReportColumn => ({ key, label, type: 'date' });
const percent = (key: string, label: string): ReportColumn => ({ key, label, type: 'percent' });

const BASIS_NOTE =
  'Base de efectivo: cada cobro y cada devolución cuentan el día en que ocurrieron en su sucursal (con base de venta, la devolución resta el día de su venta).';
const CASH_NOTE = 'El efectivo es lo que quedó en caja (lo recibido menos el cambio); los dólares se convierten al tipo de cambio registrado en cada cobro.';

const SALES_COLUMNS: readonly ReportColumn[] = [
  money('mxnTx', 'Efectivo MXN'),
  money('dlsTx', 'Efectivo USD'),
  money('dlsToMxTx', 'USD en MXN'),
  money('cashTotal', 'Total efectivo'),
  money('tdc', 'Tarjeta de crédito'),
  money('tdd', 'Tarjeta de débito'),
  money('transfer', 'Transferencia y depósito'),
  money('points', 'Puntos'),
  money('online', 'En línea'),
  money('app', 'App'),
  money('mxnProduct', 'Productos MXN'),
  money('dlsProduct', 'Productos USD'),
  money('dlsToMxnProduct', 'Productos USD en MXN'),
  money('total', 'Total'),
];

export const REPORTS: Record<ReportName, ReportMeta> = {
  'profitability-by-branch': {
    name: 'profitability-by-branch',
    title: 'Rentabilidad por sucursal',
    group: 'Administración',
    filters: ['year', 'branch', 'profitabilityType', 'basis'],
    columns: [text('type', 'Tipo'), text('concept', 'Concepto'), text('branch', 'Sucursal')],
    definition:
      'Rentabilidad = ingresos − egresos de cada mes. Ingresos: las ventas cobradas (como en Ventas mensuales). Egresos: surtidos + transferencias recibidas − transferencias enviadas − devoluciones al centro de operaciones (como en Gastos por sucursal), al precio de cada lote.',
    chart: 'profitabilityByMonth',
    money: true,
    /** A branch's income (key = income|branch: the sales money) or expenses (expenses|branch: the expense lines) of the period. */
    drill: 'total',
  },
  'general-inventory': {
    name: 'general-inventory',
    title: 'Inventario general',
    group: 'Logística',
    filters: ['dates', 'month', 'branch'],
    columns: [text('name', 'Sucursal'), count('quantity', 'Piezas'), money('totalAmount', 'Valor del inventario'), money('total', 'Total')],
    definition: 'Las piezas y el valor (al precio de cada lote) que cada sucursal tenía al cierre del último día del periodo, según el kárdex.',
    money: true,
    /** The lots a branch held then (key = branch). */
    drill: 'total',
  },
  'branch-expenses': {
    name: 'branch-expenses',
    title: 'Gastos por sucursal',
    group: 'Logística',
    filters: ['month', 'branch'],
    columns: [
      text('kind', 'Movimiento'),
      text('document', 'Documento'),
      day('date', 'Fecha'),
      text('branch', 'Sucursal'),
      text('sku', 'SKU'),
      text('product', 'Producto'),
      text('allotment', 'Lote'),
      day('expiresIn', 'Caducidad'),
      count('receivedQuantity', 'Cantidad'),
      { key: 'price', label: 'Precio unitario', type: 'money' },
      money('total', 'Importe'),
    ],
    definition:
      'Gasto = surtidos recibidos + transferencias recibidas − transferencias enviadas − devoluciones al centro de operaciones, al precio de cada lote.',
    money: true,
  },
  'general-expenses-by-product': {
    name: 'general-expenses-by-product',
    title: 'Gastos generales por producto',
    group: 'Logística',
    filters: ['month', 'branch'],
    columns: [
      text('branch', 'Sucursal'),
      money('totalAssortments', 'Surtidos'),
      money('totalTransfersReceived', 'Transferencias recibidas'),
      money('totalTransfersSent', 'Transferencias enviadas'),
      money('totalReturns', 'Devoluciones'),
      money('total', 'Total'),
    ],
    definition: 'Total = surtidos + transferencias recibidas − transferencias enviadas − devoluciones al centro de operaciones, al precio de cada lote.',
    money: true,
    drill: 'total',
  },
  customers: {
    name: 'customers',
    title: 'Clientes',
    group: 'Mercadotecnia',
    filters: ['dates', 'branch'],
    columns: [
      text('customer', 'Cliente'),
      text('branch', 'Sucursal de registro'),
      text('phone', 'Teléfono'),
      text('email', 'Correo'),
      day('registeredAt', 'Fecha de registro'),
      count('sales', 'Compras'),
      money('total', 'Total comprado'),
    ],
    definition: 'Clientes registrados en el periodo (el día de su sucursal de registro), con sus compras cobradas en el mismo periodo.',
    money: true,
    /** The customer's sales that make the total (key = customer). */
    drill: 'total',
  },
  appointments: {
    name: 'appointments',
    title: 'Citas por canal',
    group: 'Mercadotecnia',
    filters: ['dates', 'branch'],
    columns: [
      text('branch', 'Sucursal'),
      count('inPerson', 'Presencial'),
      count('call', 'Llamada'),
      count('socialMedia', 'Redes sociales'),
      count('app', 'App'),
      count('ecommerce', 'Tienda en línea'),
      count('fullOperation', 'Atendidas'),
      count('total', 'Total'),
    ],
    definition: 'Citas del periodo (por su fecha) según el canal por el que se agendaron, sin las canceladas; Atendidas son las terminadas.',
    chart: 'appointmentsByChannel',
    drill: 'total',
  },
  confirmation: {
    name: 'confirmation',
    title: 'Porcentaje de confirmación',
    group: 'Mercadotecnia',
    filters: ['dates', 'branch'],
    columns: [
      text('branch', 'Sucursal'),
      count('yes', 'Sí'),
      count('no', 'No'),
      count('voicemail', 'Buzón'),
      count('whatsapp', 'WhatsApp'),
      count('email', 'Correo'),
      count('app', 'App'),
      count('ecommerce', 'Tienda en línea'),
      count('confirmed', 'Confirmadas'),
      percent('percentage', 'Porcentaje'),
      count('reminders', 'Recordatorios enviados'),
      count('reminderConfirmed', 'Confirmadas por recordatorio'),
    ],
    definition:
      'Porcentaje = confirmadas ÷ (sí + no + buzón + WhatsApp + correo + app + tienda en línea) × 100, con dos decimales. Confirmadas: las que el paciente confirmó (sí, WhatsApp, correo, app o tienda en línea). Recordatorios enviados: citas del periodo cuyo recordatorio por correo salió; confirmadas por recordatorio: las que el paciente confirmó con su enlace (correo o WhatsApp, contadas también en su método).',
    /** The branch's confirmed appointments (key = branch). */
    drill: 'confirmed',
  },
  'scheduled-appointments': {
    name: 'scheduled-appointments',
    title: 'Citas agendadas',
    group: 'Mercadotecnia',
    filters: ['dates', 'branch'],
    columns: [
      text('appointmentNumber', 'Cita'),
      text('branch', 'Sucursal'),
      text('cabin', 'Cabina'),
      day('date', 'Fecha'),
      text('time', 'Hora'),
      text('customer', 'Paciente'),
      text('treatment', 'Tratamiento'),
      text('channel', 'Canal'),
      text('confirmation', 'Confirmación'),
      text('status', 'Estatus'),
    ],
    definition: 'Las citas del periodo por su fecha, en la hora de su sucursal, con su canal, su confirmación y su estatus.',
  },
  occupation: {
    name: 'occupation',
    title: 'Ocupación',
    group: 'Administración',
    filters: ['dates', 'branch'],
    columns: [
      text('branch', 'Sucursal'),
      text('cabin', 'Cabina'),
      count('openMinutes', 'Minutos abiertos'),
      count('bookedMinutes', 'Minutos agendados'),
      percent('occupation', 'Ocupación'),
    ],
    definition:
      'Ocupación = minutos agendados de la cabina ÷ minutos abiertos (el horario de la cabina menos sus bloqueos) × 100, para días pasados y futuros. Menos de 50 % rojo, de 50 a 69 % amarillo, 70 % o más verde.',
    chart: 'occupationHeatmap',
    /** The cabin's hours of the day (key = cabin id; 'all' = every cabin × hour, the heat map). */
    drill: 'bookedMinutes',
  },
  'daily-sales': {
    name: 'daily-sales',
    title: 'Ventas diarias',
    group: 'Administración',
    filters: ['month', 'branch', 'basis'],
    columns: [day('date', 'Fecha'), text('branch', 'Sucursal'), ...SALES_COLUMNS, money('dailyGoal', 'Meta del día')],
    definition: `${BASIS_NOTE} ${CASH_NOTE} La meta del día es la meta del mes ÷ los días del mes.`,
    chart: 'salesByDay',
    money: true,
    /** The tenders, refunds and change behind a branch-day's total (key = branch|day). */
    drill: 'total',
  },
  'monthly-sales': {
    name: 'monthly-sales',
    title: 'Ventas mensuales',
    group: 'Administración',
    filters: ['year', 'branch', 'basis'],
    columns: [text('month', 'Mes'), text('branch', 'Sucursal'), ...SALES_COLUMNS, money('goal', 'Meta'), percent('goalPercent', 'Avance de la meta')],
    definition: `${BASIS_NOTE} ${CASH_NOTE} Avance = total ÷ meta × 100, con dos decimales.`,
    chart: 'salesByMonth',
    money: true,
    /** The tenders, refunds and change behind a branch-month's total (key = branch|month). */
    drill: 'total',
  },
  'individual-medical-fees': {
    name: 'individual-medical-fees',
    title: 'Honorarios médicos individuales',
    group: 'Recursos Humanos',
    filters: ['dates', 'user'],
    userKind: 'medic',
    columns: [
      text('orderNumber', 'Cita'),
      text('branch', 'Sucursal'),
      day('date', 'Fecha'),
      text('time', 'Hora'),
      text('customer', 'Paciente'),
      text('treatment', 'Tratamiento'),
      money('commission', 'Honorario'),
      money('isr', 'ISR'),
      money('total', 'A pagar'),
    ],
    definition: 'ISR = honorario × tasa de ISR del expediente ÷ 100; a pagar = honorario − ISR. Una devolución resta el día en que ocurrió.',
    money: true,
  },
  'general-medical-fees': {
    name: 'general-medical-fees',
    title: 'Honorarios médicos generales',
    group: 'Recursos Humanos',
    filters: ['dates', 'branch'],
    columns: [
      text('name', 'Nombre'),
      text('lastName', 'Apellido paterno'),
      text('motherLastName', 'Apellido materno'),
      text('branch', 'Sucursal'),
      money('subtotal', 'Honorarios'),
      money('isr', 'ISR'),
      money('commission', 'A pagar'),
      money('total', 'Total'),
    ],
    definition: 'Por médico y sucursal: honorarios, ISR (honorario × tasa ÷ 100) y a pagar (honorarios − ISR), como en Comisiones médicas.',
    money: true,
    drill: 'total',
  },
  'individual-cosmetology-fees': {
    name: 'individual-cosmetology-fees',
    title: 'Comisiones cosmetológicas individuales',
    group: 'Recursos Humanos',
    filters: ['dates', 'user'],
    userKind: 'cosmetologist',
    columns: [
      text('orderNumber', 'Venta'),
      text('branch', 'Sucursal'),
      day('date', 'Fecha'),
      text('time', 'Hora'),
      text('patient', 'Cliente'),
      text('product', 'Concepto'),
      money('salePrice', 'Venta sin IVA'),
      percent('percent', 'Porcentaje'),
      money('commission', 'Comisión'),
      money('total', 'Total'),
    ],
    definition: 'Comisión = venta sin IVA × porcentaje ÷ 100, con el porcentaje vigente al vender. Una devolución resta el día en que ocurrió.',
    money: true,
  },
  'general-cosmetology-fees': {
    name: 'general-cosmetology-fees',
    title: 'Comisiones cosmetológicas generales',
    group: 'Recursos Humanos',
    filters: ['dates', 'branch'],
    columns: [
      text('cosmetologist', 'Cosmetóloga'),
      text('branch', 'Sucursal'),
      money('base', 'Ventas sin IVA'),
      money('commission', 'Comisión'),
      money('total', 'Total'),
    ],
    definition: 'Por cosmetóloga y sucursal: la suma de sus comisiones del periodo, como en Comisiones cosmetológicas.',
    money: true,
    drill: 'total',
  },
  'daily-cash-closing': {
    name: 'daily-cash-closing',
    title: 'Cortes de caja diarios',
    group: 'Administración',
    filters: ['dates', 'branch'],
    columns: [
      text('number', 'Corte'),
      text('branch', 'Sucursal'),
      day('date', 'Fecha'),
      text('user', 'Usuario'),
      money('openingFloat', 'Fondo inicial'),
      money('cash', 'Efectivo'),
      money('dollars', 'Dólares'),
      money('cards', 'Tarjetas'),
      money('refunds', 'Devoluciones'),
      money('difference', 'Diferencia'),
      money('total', 'Total'),
    ],
    definition: 'Un corte por sucursal y día; Automático cuando lo cerró la tarea nocturna. Total = cobros del día − devoluciones del día.',
    money: true,
    /** The tenders, refunds and change of the closing's branch-day (key = branch|day). */
    drill: 'total',
  },
};

/** The hub's default (section 2). */
export const DEFAULT_REPORT: ReportName = 'profitability-by-branch';

export const isReportName = (v: unknown): v is ReportName => typeof v === 'string' && (REPORT_NAMES as readonly string[]).includes(v);

// ---- Section 9's formulas, to the cent ----

/** Expenses total = restocks + transfers received − transfers sent − returns to the operations centre. */
export function expensesTotal(p: { assortments: Cents; transfersReceived: Cents; transfersSent: Cents; returns: Cents }): Cents {
  return subtractCents(subtractCents(addCents(p.assortments, p.transfersReceived), p.transfersSent), p.returns);
}

/** Medical ISR amount = commission × isr / 100; payable = commission − ISR amount. */
export function medicalIsr(commission: Cents, isrPercent: number): { isr: Cents; payable: Cents } {
  const isr = percentOfCents(commission, isrPercent);
  return { isr, payable: subtractCents(commission, isr) };
}

/** The confirmation methods the percentage counts, and which of them mean the patient confirmed. */
export const CONFIRMATION_METHODS = ['yes', 'no', 'voicemail', 'whatsapp', 'email', 'app', 'ecommerce'] as const;
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];
export const CONFIRMING_METHODS: readonly ConfirmationMethod[] = ['yes', 'whatsapp', 'email', 'app', 'ecommerce'];

/** Confirmation percentage = confirmed ÷ (yes + no + voicemail + whatsapp + email + app + ecommerce) × 100, two decimals. */
export function confirmationPercent(counts: Record<ConfirmationMethod, number>, confirmed: number): number {
  const contacted = CONFIRMATION_METHODS.reduce((sum, m) => sum + counts[m], 0);
  return contacted ? round2((confirmed / contacted) * 100) : 0;
}

/** Profitability = income − expenses (the table shows its absolute value, the sign says profit or loss). */
export function profitability(income: Cents, expenses: Cents): Cents {
  return subtractCents(income, expenses);
}

export type OccupationBand = 'red' | 'yellow' | 'green';

/** Occupancy bands (section 4): below 50 red, 50 to 69 yellow, 70 and above green. */
export function occupationBand(percentage: number): OccupationBand {
  if (percentage < 50) return 'red';
  return percentage < 70 ? 'yellow' : 'green';
}

/** Occupation = booked minutes ÷ open minutes × 100, two decimals (0 with nothing open). */
export function occupationPercent(bookedMinutes: number, openMinutes: number): number {
  return openMinutes > 0 ? round2((bookedMinutes / openMinutes) * 100) : 0;
}

/** A percentage with two decimals, rounded half away from zero like the goal's. */
export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}
