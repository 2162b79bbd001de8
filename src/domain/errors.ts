/**
 * The error catalogue of both specification documents (section 8): every error the API can
 * answer, with its HTTP status, a stable code and the Spanish text the screens show.
 */
export interface CatalogueEntry {
  status: number;
  message: string;
}

export const DEFAULT_ERROR_MESSAGE = 'Error en el Servidor';
export const DEFAULT_SUCCESS_MESSAGE = 'Operación exitosa';

export const errorCatalogue = {
  // 400
  VALIDATION_FAILED: { status: 400, message: 'Los datos enviados no son válidos' },
  BAD_REQUEST: { status: 400, message: 'Solicitud inválida' },
  // refusals of the HTTP layer (a malformed address, an over-long one, a body too large or of an unknown type)
  BAD_URL: { status: 400, message: 'La dirección de la solicitud no es válida' },
  URL_TOO_LONG: { status: 414, message: 'La dirección de la solicitud es demasiado larga' },
  BODY_TOO_LARGE: { status: 413, message: 'La solicitud es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de contenido no soportado' },
  SKU_EXISTS: { status: 400, message: 'El SKU ya existe' },
  DEVICE_NUMBER_EXISTS: { status: 400, message: 'El número de equipo ya existe en la sucursal' },
  EMPLOYEE_NUMBER_EXISTS: { status: 400, message: 'El número de empleado ya existe' },
  USER_EXISTS: { status: 400, message: 'El usuario ya existe' },
  MOBILE_ALREADY_REGISTERED: { status: 400, message: 'El teléfono celular ya está registrado a otro cliente' },
  NO_IMAGES: { status: 400, message: 'No hay imágenes para procesar' },
  PHOTO_REQUIRED: { status: 400, message: 'Agregue una foto antes de activar' },
  INVALID_IMAGE: { status: 400, message: 'La imagen debe ser png, jpg, jpeg, webp o gif y pesar menos de 1 Mb' },
  MIN_GREATER_THAN_MAX: { status: 400, message: 'La cantidad mínima no puede ser mayor a la cantidad máxima' },
  MAX_MIN_EXISTS: { status: 400, message: 'Ya existe un máximo y mínimo para este producto en la sucursal' },
  COUPON_CODE_EXISTS: { status: 400, message: 'El código del cupón ya existe' },
  COUPON_EXHAUSTED: { status: 400, message: 'El cupón ya alcanzó su límite de usos' },
  COUPON_ALREADY_USED: { status: 400, message: 'El cliente ya utilizó este cupón' },
  COUPON_EXPIRED: { status: 400, message: 'El cupón está vencido' },
  COUPON_NOT_APPLICABLE: { status: 400, message: 'El cupón no aplica para esta sucursal o artículo' },
  // 401
  UNAUTHORIZED: { status: 401, message: 'Su sesión ha expirado, inicie sesión nuevamente' },
  LOGIN_FAILED: { status: 401, message: 'Inicio de sesión fallido, verifique sus credenciales' },
  WRONG_CREDENTIALS: { status: 401, message: 'Usuario o contraseña incorrectos' },
  WRONG_PIN: { status: 401, message: 'PIN incorrecto' },
  // 403
  FORBIDDEN: { status: 403, message: 'No tiene permisos para realizar esta acción' },
  BRANCH_FORBIDDEN: { status: 403, message: 'No tiene acceso a esta sucursal' },
  // 404
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Ruta no encontrada' },
  USER_NOT_FOUND: { status: 404, message: 'Usuario no encontrado' },
  BRANCH_NOT_FOUND: { status: 404, message: 'Sucursal no encontrada' },
  CABIN_NOT_FOUND: { status: 404, message: 'Cabina no encontrada' },
  CABIN_TYPE_NOT_FOUND: { status: 404, message: 'Tipo de cabina no encontrado' },
  APPOINTMENT_NOT_FOUND: { status: 404, message: 'Cita no encontrada' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Cliente no encontrado' },
  PHOTO_NOT_FOUND: { status: 404, message: 'Foto no encontrada' },
  NOTE_NOT_FOUND: { status: 404, message: 'Nota no encontrada' },
  LOCK_NOT_FOUND: { status: 404, message: 'Bloqueo no encontrado' },
  CODE_NOT_FOUND: { status: 404, message: 'El código no es válido o ya expiró' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Categoría no encontrada' },
  ROLE_NOT_FOUND: { status: 404, message: 'Rol no encontrado' },
  SETTING_NOT_FOUND: { status: 404, message: 'Configuración no encontrada' },
  STOCK_NOT_FOUND: { status: 404, message: 'Inventario no encontrado' },
  TREATMENT_NOT_FOUND: { status: 404, message: 'Tratamiento no encontrado' },
  TREATMENT_TYPE_NOT_FOUND: { status: 404, message: 'Tipo de tratamiento no encontrado' },
  APPLIANCE_NOT_FOUND: { status: 404, message: 'Aparato no encontrado' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Producto no encontrado' },
  PRODUCT_TYPE_NOT_FOUND: { status: 404, message: 'Tipo de producto no encontrado' },
  PROVIDER_NOT_FOUND: { status: 404, message: 'Proveedor no encontrado' },
  PACKAGE_NOT_FOUND: { status: 404, message: 'Paquete no encontrado' },
  ORDER_NOT_FOUND: { status: 404, message: 'Orden no encontrada' },
  TRANSFER_NOT_FOUND: { status: 404, message: 'Transferencia no encontrada' },
  MAX_MIN_NOT_FOUND: { status: 404, message: 'Máximo y mínimo no encontrado' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Registro de pago no encontrado' },
  COUPON_NOT_FOUND: { status: 404, message: 'Cupón no encontrado' },
  GOAL_NOT_FOUND: { status: 404, message: 'Meta no encontrada' },
  REPORT_NOT_FOUND: { status: 404, message: 'Reporte no encontrado' },
  INDICATOR_NOT_FOUND: { status: 404, message: 'Indicador no encontrado' },
  REPORT_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Envío programado no encontrado' },
  PASSWORD_MISMATCH: { status: 404, message: 'La contraseña actual no es correcta' },
  PROFESSIONAL_REQUIRED: { status: 404, message: 'Debe seleccionar un médico o cosmetóloga' },
  CATEGORY_IN_USE: { status: 404, message: 'No se puede eliminar una categoría ligada a un tratamiento o paquete' },
  PRODUCT_HAS_STOCK: { status: 404, message: 'No se puede eliminar un producto con inventario en sucursal' },
  // 409
  CANNOT_DELETE: { status: 409, message: 'No se puede eliminar el registro' },
  CONFLICT: { status: 409, message: 'El registro ya existe' },
  CONCURRENT_CHANGE: { status: 409, message: 'Otra operación cambió estos datos al mismo tiempo; intente de nuevo' },
  POINTS_BALANCE_NEGATIVE: { status: 409, message: 'El saldo de puntos no puede quedar negativo' },
  APPOINTMENT_IN_PAST: { status: 409, message: 'No se puede agendar una cita en el pasado' },
  APPOINTMENT_SLOT_TAKEN: { status: 409, message: 'El horario no está disponible' },
  PATIENT_SLOT_TAKEN: { status: 409, message: 'El paciente ya tiene una cita en ese horario' },
  APPOINTMENT_CABIN_BLOCKED: { status: 409, message: 'La cabina está bloqueada en ese horario' },
  // the treatment needs an appliance and no working unit of it at the branch is free then (applianceMissingMessage names it)
  APPLIANCE_UNAVAILABLE: { status: 409, message: 'No hay un equipo funcionando y libre en la sucursal a esa hora' },
  APPOINTMENT_COSMETOLOGY_AFTER_MEDICAL: { status: 409, message: 'No se puede agendar un tratamiento cosmetológico después de uno médico' },
  APPOINTMENT_MEDICAL_BEFORE_COSMETOLOGY: { status: 409, message: 'No se puede agendar un tratamiento médico antes de uno cosmetológico' },
  APPOINTMENT_OUTSIDE_HOURS: { status: 409, message: 'La cita está fuera del horario de atención' },
  CUSTOMER_TOO_MANY_CANCELLATIONS: { status: 409, message: 'El cliente tiene más de 3 cancelaciones consecutivas' },
  APPOINTMENT_TOO_MANY_CHANGES: { status: 409, message: 'No se puede reagendar después de dos cambios o cancelaciones' },
  CHECKIN_NOT_AUTHORIZED: { status: 409, message: 'Registro de asistencia no autorizado' },
  INVALID_CREDENTIALS: { status: 409, message: 'Credenciales inválidas' },
  DUPLICATE_EMAIL: { status: 409, message: 'El correo electrónico ya está registrado' },
  DUPLICATE_PHONE: { status: 409, message: 'El teléfono ya está registrado' },
  LOCK_EXISTS: { status: 409, message: 'El bloqueo ya existe' },
  CABIN_HAS_APPOINTMENTS: { status: 409, message: 'No se puede eliminar una cabina con citas' },
  CANNOT_ADD_STOCK: { status: 409, message: 'No se puede agregar inventario' },
  PURCHASE_ORDER_UNDELETABLE: { status: 409, message: 'No se puede eliminar la orden de compra' },
  BRANCH_HAS_INVENTORY: { status: 409, message: 'No se puede eliminar una sucursal con inventario' },
  DISTRIBUTION_CENTER_UNDELETABLE: { status: 409, message: 'No se puede eliminar un centro de distribución' },
  NO_APPLIANCES_AVAILABLE: { status: 409, message: 'No hay aparatos disponibles' },
  ORDER_NOT_APPROVED: { status: 409, message: 'La orden debe estar aprobada' },
  ORDER_ALREADY_APPROVED: { status: 409, message: 'La orden ya fue aprobada' },
  ORDER_FINISHED: { status: 409, message: 'La orden ya está terminada' },
  CREATOR_CANNOT_APPROVE: { status: 409, message: 'Quien crea la orden no puede aprobarla' },
  ORDER_ALREADY_CANCELLED: { status: 409, message: 'La orden fue cancelada previamente' },
  ORDER_CANNOT_BE_CANCELLED: { status: 409, message: 'La orden no se puede cancelar' },
  // a sale (POS, app, online) in a state that does not allow the action; orders answer the five codes above
  ORDER_WRONG_STATE: { status: 409, message: 'La orden no está en un estado que permita esta acción' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'La clave Idempotency-Key ya se usó con otra venta' },
  SALE_REFUNDED: { status: 409, message: 'La venta ya fue devuelta' },
  SALE_NOT_PAID: { status: 409, message: 'Solo se puede devolver una venta pagada' },
  CUSTOMER_WITHOUT_EMAIL: { status: 409, message: 'El cliente no tiene correo electrónico registrado' },
  REFUND_PASSWORD_WRONG: { status: 403, message: 'La contraseña no es correcta: la devolución no se realizó' },
  CLOSING_EXISTS: { status: 409, message: 'El corte de caja de esa sucursal y día ya existe' },
  LOT_EXPIRED: { status: 409, message: 'El lote está caducado: solo puede darse de baja como merma por caducidad o devolverse al proveedor' },
  DISTRIBUTION_CENTER_STOCK: { status: 409, message: 'El inventario del centro de distribución no admite ajustes ni máximos y mínimos' },
  NO_DISTRIBUTION_CENTER: { status: 409, message: 'No hay un centro de distribución activo' },
  ROLE_NAME_EXISTS: { status: 409, message: 'Ya existe un rol con ese nombre' },
  ROLE_LOCKOUT: { status: 409, message: 'No puede quitar al Super Administrador el acceso a Roles y privilegios' },
  CATEGORY_EXISTS: { status: 409, message: 'Ya existe una categoría con ese nombre y tipo' },
  // 413 / 415
  FILE_TOO_LARGE: { status: 413, message: 'La imagen debe pesar menos de 1 Mb' },
  // 422
  REFRESH_TOKEN_INVALID: { status: 422, message: 'El token de actualización es inválido, expiró o fue revocado' },
  INSUFFICIENT_INVENTORY: { status: 422, message: 'Inventario insuficiente' },
  ORDER_PRODUCTS_UPDATE_FAILED: { status: 422, message: 'Error al actualizar los productos de la orden' },
  TRANSFER_UPDATE_FAILED: { status: 422, message: 'Error al actualizar la transferencia' },
  PACKAGE_CREATE_FAILED: { status: 422, message: 'Error al crear el paquete' },
  // 429
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo' },
  // 500
  SERVER_ERROR: { status: 500, message: DEFAULT_ERROR_MESSAGE },
  SERVER_STOPPING: { status: 503, message: 'El servidor se está reiniciando; intente de nuevo en unos segundos' },
  MAIL_UNAVAILABLE: { status: 503, message: 'No se pudo enviar el correo: el servidor de correo no respondió; intente de nuevo más tarde' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'La base de datos no responde en este momento; intente de nuevo en unos segundos' },
  PAYMENT_PROCESSING_ERROR: { status: 500, message: 'Error al procesar el pago' },
  GOAL_EXISTS: { status: 409, message: 'Ya existe una meta para esta sucursal en ese mes' },
  PURCHASED_SESSIONS_BOOKED: { status: 409, message: 'Las sesiones restantes del tratamiento adquirido ya están agendadas' },
  PURCHASED_TREATMENT_EXPIRED: { status: 409, message: 'El tratamiento adquirido está vencido' },
  NO_LOT_AT_BRANCH: { status: 422, message: 'No hay lotes con existencia del producto en la sucursal: registre una entrada de inventario o pida un traspaso' },
  LOCK_IN_PAST: { status: 422, message: 'El bloqueo ya terminó: no se puede guardar un bloqueo en el pasado' },
  LOG_NOT_FOUND: { status: 404, message: 'Registro del historial no encontrado' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Shape of every error body the API answers. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

/** Spanish text for generic HTTP statuses, used when a body carries no message. */
export const statusMessages: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'Su sesión ha expirado, inicie sesión nuevamente',
  403: 'No tiene permisos para realizar esta acción',
  404: 'Recurso no encontrado',
  409: 'Conflicto con el estado actual del registro',
  413: 'El archivo es demasiado grande',
  415: 'Tipo de contenido no soportado',
  422: 'No se pudo procesar la solicitud',
  429: 'Demasiadas solicitudes, intente más tarde',
  500: DEFAULT_ERROR_MESSAGE,
  502: 'El servidor no está disponible',
  503: 'El servicio no está disponible',
};
