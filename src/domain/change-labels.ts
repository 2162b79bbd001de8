import {
  appointmentMethodLabels,
  appointmentOptionLabels,
  appointmentStatusLabels,
  cancellationReasonLabels,
  cancellationTypeLabels,
  confirmMethodLabels,
  lockTypeLabels,
} from './agenda';
import { BUSINESS_TIME_ZONE } from './dates';
import { packageTypeLabels } from './packages.schemas';

/**
 * The change log in Spanish: what each recorded field is called, how its value reads, and which fields hold
 * the id of another record (the API resolves those to names for a log's detail). Shared by the web's views
 * (Historial del sistema, Bitácora de citas) and the server's log detail and CSV.
 */

/** Spanish names of the keys that before/after snapshots carry, across modules. */
export const FIELD_LABELS: Record<string, string> = {
  // identity and catalogue
  name: 'Nombre',
  lastName: 'Apellido paterno',
  motherLastName: 'Apellido materno',
  username: 'Usuario',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  mobilePhone: 'Celular',
  tutorMobilePhone: 'Celular del tutor',
  sku: 'SKU',
  code: 'Código',
  title: 'Título',
  description: 'Descripción',
  status: 'Estatus',
  active: 'Activo',
  type: 'Tipo',
  photo: 'Foto',
  photos: 'Fotos',
  brand: 'Marca',
  model: 'Modelo',
  barCode: 'Código de barras',
  content: 'Contenido',
  contentType: 'Tipo de contenido',
  measureUnit: 'Unidad de medida',
  cost: 'Costo',
  realCost: 'Costo real',
  tax: 'IVA',
  price: 'Precio',
  regularPrice: 'Precio regular',
  promotionPrice: 'Precio promoción',
  discount: 'Descuento',
  discountAmount: 'Monto de descuento',
  discountedPrice: 'Precio con descuento',
  points: 'Puntos',
  medicalFee: 'Honorario médico',
  quantity: 'Cantidad',
  // inventory
  max: 'Máximo',
  min: 'Mínimo',
  allotment: 'Lote',
  justification: 'Justificación',
  stock: 'Existencia',
  orderedQuantity: 'Cantidad pedida',
  stockedQuantity: 'Cantidad enviada',
  receivedQuantity: 'Cantidad recibida',
  quantityPerSession: 'Cantidad por sesión',
  limit: 'Límite',
  used: 'Usos',
  number: 'Número',
  total: 'Total',
  comments: 'Comentarios',
  comment: 'Comentario',
  note: 'Nota',
  noteType: 'Tipo de nota',
  observations: 'Observaciones',
  reference: 'Referencia',
  color: 'Color',
  order: 'Orden',
  validity: 'Vigencia (días)',
  term: 'Duración',
  duration: 'Duración',
  durationMinutes: 'Duración (minutos)',
  assessment: 'Valoración',
  consent: 'Consentimiento',
  treatmentConsent: 'Consentimiento del tratamiento',
  expireDate: 'Vigencia',
  expiredAt: 'Vence',
  franchise: 'Franquicia',
  distributionCenter: 'Centro de distribución',
  isApproved: 'Aprobado',
  approved_at: 'Aprobado el',
  rejected_at: 'Rechazado el',
  deliveryTime: 'Tiempo de entrega',
  payConditions: 'Condiciones de pago',
  paymentType: 'Tipo de pago',
  paymentMethod: 'Método de pago',
  paymentStatus: 'Estatus de pago',
  paymentProcessType: 'Procesador de pago',
  exchangeRate: 'Tipo de cambio',
  statusDescription: 'Descripción del estatus',
  lastMaintenance: 'Último mantenimiento',
  privileges: 'Privilegios',
  branchBound: 'Ligado a su sucursal',
  extendedCancellationLimit: 'Límite de cancelaciones ampliado',
  cabainTime: 'Tiempo de cabina',
  validBySchedule: 'Vigencia por fechas',
  validByTime: 'Vigencia por horario',
  treatmentPackage: 'Tratamientos',
  treatmentProduct: 'Productos del tratamiento',
  treatmentProducts: 'Productos',
  schedules: 'Horarios',
  opening: 'Apertura',
  closing: 'Cierre',
  day: 'Día',
  zone: 'Zona',
  timeZone: 'Zona horaria',
  businessName: 'Razón social',
  tradename: 'Nombre comercial',
  rfc: 'RFC',
  regime: 'Régimen',
  bank: 'Banco',
  clabeAccount: 'Cuenta CLABE',
  contactName: 'Contacto',
  street: 'Calle',
  extNumber: 'Número exterior',
  intNumber: 'Número interior',
  suburb: 'Colonia',
  zipCode: 'Código postal',
  city: 'Ciudad',
  state: 'Estado',
  country: 'País',
  address: 'Domicilio',
  googleMapsUrl: 'Ubicación en mapa',
  lat: 'Latitud',
  lng: 'Longitud',
  // customers and staff
  gender: 'Género',
  birthday: 'Fecha de nacimiento',
  birthdate: 'Fecha de nacimiento',
  maritalStatus: 'Estado civil',
  originCountry: 'País de origen',
  blackList: 'Lista negra',
  loyaltyScale: 'Nivel de lealtad',
  isAdult: 'Mayor de edad',
  isTutor: 'Es tutor',
  relationship: 'Parentesco',
  cancellations: 'Cancelaciones',
  movement: 'Movimiento',
  balanceAfter: 'Saldo',
  employeeNumber: 'Número de empleado',
  workShift: 'Turno',
  admissionDate: 'Fecha de ingreso',
  departureDate: 'Fecha de baja',
  reentryDate: 'Fecha de reingreso',
  nationality: 'Nacionalidad',
  profession: 'Profesión',
  educationalDegree: 'Escolaridad',
  role: 'Rol',
  kardex: 'Expediente',
  // agenda
  appointmentNumber: 'Número de cita',
  date: 'Fecha',
  endDate: 'Fecha final',
  startDate: 'Fecha inicial',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  time: 'Horas',
  days: 'Días',
  reason: 'Motivo',
  reasonDescription: 'Descripción del motivo',
  recurrent: 'Recurrente',
  appointmentMethod: 'Método de la cita',
  appointmentOption: 'Opción de la cita',
  confirmMethod: 'Método de confirmación',
  sessions: 'Sesiones',
  currentSession: 'Sesión actual',
  reschedules: 'Reagendas',
  finishedAt: 'Terminada el',
  cancellation: 'Cancelación',
  cancellationReason: 'Motivo de cancelación',
  customerCancellation: 'Cancelada por el cliente',
  // references (also in REFERENCE_FIELDS)
  branchId: 'Sucursal',
  branch: 'Sucursal',
  branchesIds: 'Sucursales',
  branches: 'Sucursales',
  mainBranch: 'Sucursal principal',
  registryBranch: 'Sucursal de registro',
  affectedBranchId: 'Sucursal afectada',
  cabainId: 'Cabina',
  cabinId: 'Cabina',
  cabain: 'Cabina',
  cabinTypeId: 'Tipo de cabina',
  customerId: 'Cliente',
  customer: 'Cliente',
  tutorId: 'Tutor',
  treatmentId: 'Tratamiento',
  treatment: 'Tratamiento',
  treatmentsIds: 'Tratamientos',
  treatments: 'Tratamientos',
  treatmentTypeId: 'Tipo de tratamiento',
  treatmentType: 'Tipo de tratamiento',
  productId: 'Producto',
  product: 'Producto',
  productsIds: 'Productos',
  products: 'Productos',
  productTypeId: 'Tipo de producto',
  productType: 'Tipo de producto',
  packageId: 'Paquete',
  package: 'Paquete',
  promoId: 'Promoción',
  promotion: 'Promoción',
  purchasedProductId: 'Tratamiento adquirido',
  categoryId: 'Categoría',
  category: 'Categoría',
  categoriesIds: 'Categorías',
  categories: 'Categorías',
  areasIds: 'Áreas',
  areas: 'Áreas',
  sessionAreas: 'Áreas por sesión',
  applianceId: 'Aparato',
  applianceIds: 'Aparatos',
  appliances: 'Aparatos',
  appliance: 'Aparato',
  providerId: 'Proveedor',
  providersIds: 'Proveedores',
  providers: 'Proveedores',
  consentId: 'Consentimiento',
  couponId: 'Cupón',
  userId: 'Usuario',
  user: 'Usuario',
  attendedById: 'Atendió',
  attendedBy: 'Atendió',
  roleId: 'Rol',
  departmentId: 'Departamento',
  jobPositionId: 'Puesto',
  stockId: 'Lote',
  stockIds: 'Lotes',
};

/** What kind of record a field's id points to: the API reads each kind's names in one query. */
export const REFERENCE_KINDS = [
  'branch',
  'cabin',
  'cabinType',
  'customer',
  'treatment',
  'treatmentType',
  'product',
  'productType',
  'package',
  'category',
  'area',
  'appliance',
  'provider',
  'consent',
  'coupon',
  'user',
  'role',
  'department',
  'jobPosition',
  'stock',
  'purchasedProduct',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const REFERENCE_FIELDS: Record<string, ReferenceKind> = {
  branchId: 'branch',
  branchesIds: 'branch',
  affectedBranchId: 'branch',
  cabainId: 'cabin',
  cabinId: 'cabin',
  cabinTypeId: 'cabinType',
  customerId: 'customer',
  tutorId: 'customer',
  treatmentId: 'treatment',
  treatmentsIds: 'treatment',
  treatmentTypeId: 'treatmentType',
  productId: 'product',
  productsIds: 'product',
  productTypeId: 'productType',
  packageId: 'package',
  promoId: 'package',
  categoryId: 'category',
  categoriesIds: 'category',
  categories: 'category',
  areasIds: 'area',
  sessionAreas: 'area',
  applianceId: 'appliance',
  applianceIds: 'appliance',
  providerId: 'provider',
  providersIds: 'provider',
  consentId: 'consent',
  couponId: 'coupon',
  userId: 'user',
  attendedById: 'user',
  roleId: 'role',
  departmentId: 'department',
  jobPositionId: 'jobPosition',
  stockId: 'stock',
  stockIds: 'stock',
  purchasedProductId: 'purchasedProduct',
};

const WEEK_DAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

/** Stored codes that read differently in Spanish, per field. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { ...appointmentStatusLabels, activo: 'Activo', inactivo: 'Inactivo' },
  type: { ...lockTypeLabels, ...packageTypeLabels, ...cancellationTypeLabels, treatment: 'Tratamiento', product: 'Producto' },
  appointmentMethod: appointmentMethodLabels,
  appointmentOption: appointmentOptionLabels,
  confirmMethod: confirmMethodLabels,
  cancellationReason: cancellationReasonLabels,
};

/** Spanish name of the actions that older rows (and the agenda's locks) record in English. */
const ACTION_LABELS: Record<string, string> = { create: 'crear', update: 'editar', delete: 'eliminar' };

/** A log row's action in Spanish ('create' → 'crear'); Spanish actions stay as recorded. */
export function logActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** The stored spellings of an action the user names in Spanish ('crear' is also 'create'), for the filter. */
export function storedActions(action: string): string[] {
  return [action, ...Object.keys(ACTION_LABELS).filter((k) => ACTION_LABELS[k] === action)];
}

/** English actions as [stored, Spanish] pairs: the server's SQL shows and searches them in Spanish. */
export const ENGLISH_ACTIONS: [string, string][] = Object.entries(ACTION_LABELS);

/** The Spanish name of a recorded key; an unknown key is spelled out from its camelCase form. */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(FIELD_LABELS, key)) return FIELD_LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const timestampFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** DD/MM/YYYY HH:mm in the business zone. */
export function formatLogTimestamp(value: string | Date): string {
  const parts = Object.fromEntries(timestampFormat.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}

/** Names of referenced records by id, as the API resolves them. */
export type ReferenceNames = Record<string, string>;

const NONE = '—';
/** Formatting without looking names up (a CSV of many rows): ids stay as they are. */
const UNRESOLVED: ReferenceNames = Object.freeze({}) as ReferenceNames;

function formatScalar(key: string, value: unknown, names: ReferenceNames): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return key === 'status' ? (value ? 'Activo' : 'Inactivo') : value ? 'Sí' : 'No';
  if (typeof value === 'number') return key === 'days' || key === 'day' ? (WEEK_DAYS[value] ?? String(value)) : String(value);
  if (typeof value !== 'string') return formatValue(key, value, names);
  // an id the caller resolved reads as its name; one it looked for and did not find is said so
  if (UUID.test(value)) return names[value] ?? (names !== UNRESOLVED && REFERENCE_FIELDS[key] ? 'Registro no encontrado' : value);
  const labels = VALUE_LABELS[key];
  if (labels && Object.hasOwn(labels, value)) return labels[value];
  if (key === 'photo' || key === 'photos') return 'Con foto';
  if (ISO_DATE.test(value)) return value.split('-').reverse().join('/');
  if (ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return formatLogTimestamp(value);
  return value;
}

/** A nested record: its name when it has one, else its fields in Spanish. */
function formatObject(value: Record<string, unknown>, names: ReferenceNames): string {
  if (typeof value.name === 'string') return [value.name, value.lastName, value.motherLastName].filter((p) => typeof p === 'string' && p).join(' ');
  return Object.entries(value)
    .filter(([k]) => !HIDDEN_KEYS.has(k))
    .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(k, v, names)}`)
    .join('; ');
}

/** One recorded value as the user reads it: names for ids, Sí/No, Spanish codes, DD/MM/YYYY dates. */
export function formatValue(key: string, value: unknown, names: ReferenceNames = UNRESOLVED): string {
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(key, v, names)).join(', ') : NONE;
  if (value && typeof value === 'object') return formatObject(value as Record<string, unknown>, names);
  return formatScalar(key, value, names);
}

/** Bookkeeping keys no user needs to read. */
const HIDDEN_KEYS = new Set([
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'editable',
  'allowedStatuses',
  'expired',
  'searchName',
]);

export interface ChangeField {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** `branchId` next to `branch`, `categoriesIds` next to `categories`: the named one says the same. */
function duplicateOf(key: string, keys: Set<string>): boolean {
  const base = key.replace(/Ids$/, 's').replace(/Id$/, '');
  return base !== key && keys.has(base);
}

/**
 * Before/after of a change-log row field by field, in Spanish. A side that was not recorded (a create's
 * before, a delete's after) is null on every row; `changed` marks the fields an update changed.
 */
export function describeChanges(before: unknown, after: unknown, names: ReferenceNames = UNRESOLVED): ChangeField[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]);
  return [...keys]
    .filter((k) => !HIDDEN_KEYS.has(k) && !duplicateOf(k, keys))
    .map((key) => ({
      key,
      label: fieldLabel(key),
      before: b ? formatValue(key, b[key], names) : null,
      after: a ? formatValue(key, a[key], names) : null,
      changed: Boolean(b && a) && JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]),
    }));
}

/** The ids a snapshot holds in its reference fields, by kind (arrays and nested items included). */
export function referencedIds(snapshots: unknown[]): Map<ReferenceKind, Set<string>> {
  const found = new Map<ReferenceKind, Set<string>>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    const record = asRecord(value);
    if (!record) return;
    for (const [key, v] of Object.entries(record)) {
      const kind = Object.hasOwn(REFERENCE_FIELDS, key) ? REFERENCE_FIELDS[key] : undefined;
      const ids = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && UUID.test(x));
      if (kind && ids.length) {
        const set = found.get(kind) ?? new Set<string>();
        ids.forEach((id) => set.add(id));
        found.set(kind, set);
      } else if (v && typeof v === 'object') visit(v);
    }
  };
  snapshots.forEach(visit);
  return found;
}

/** The browser of a recorded user agent in Spanish words ('Chrome 131 en Windows'). */
export function browserLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Desconocido';
  const version = (re: RegExp) => userAgent.match(re)?.[1];
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+).*Safari/],
  ];
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux|X11/],
  ];
  const browser = browsers.find(([, re]) => re.test(userAgent));
  const system = systems.find(([, re]) => re.test(userAgent))?.[0];
  if (!browser) return system ? `Otro navegador en ${system}` : 'Otro navegador';
  const name = `${browser[0]} ${version(browser[1])}`;
  return system ? `${name} en ${system}` : name;
}

/** The fields an update changed, or every field a create or delete recorded. */
function recordedChanges(before: unknown, after: unknown, names?: ReferenceNames): ChangeField[] {
  const fields = describeChanges(before, after, names);
  const both = Boolean(asRecord(before) && asRecord(after));
  return fields.filter((f) => !both || f.changed);
}

/** The Spanish names of the fields an update changed, or of every field a create or delete recorded. */
export function changedFieldLabels(before: unknown, after: unknown): string[] {
  return recordedChanges(before, after).map((f) => f.label);
}

/** One line of text for a CSV cell: 'Nombre: Facial → Faciales; Activo: Sí' (ids stay unresolved). */
export function changesText(before: unknown, after: unknown): string {
  return recordedChanges(before, after)
    .map((f) => `${f.label}: ${f.before !== null && f.after !== null ? `${f.before} → ${f.after}` : (f.after ?? f.before)}`)
    .join('; ');
}
