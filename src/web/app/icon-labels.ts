/**
 * antd's icons name themselves in English for screen readers (aria-label="search", "caret-up", "close-circle"),
 * also the ones antd draws inside its own components (sorters, pagination, selects, date pickers), which take no
 * label from us. An icon that stands alone gets its Spanish name here; one inside a control that has its own
 * label or text (a button 'Nuevo', the search box) only adorns it and is hidden from screen readers.
 */
export const ICON_LABELS: Readonly<Record<string, string>> = {
  search: 'Buscar',
  'close-circle': 'Borrar',
  close: 'Cerrar',
  clear: 'Limpiar',
  'caret-up': 'Orden ascendente',
  'caret-down': 'Orden descendente',
  left: 'Anterior',
  right: 'Siguiente',
  'double-left': 'Páginas anteriores',
  'double-right': 'Páginas siguientes',
  down: 'Desplegar',
  up: 'Plegar',
  'swap-right': 'hasta',
  calendar: 'Calendario',
  'clock-circle': 'Hora',
  plus: 'Agregar',
  minus: 'Quitar',
  delete: 'Eliminar',
  edit: 'Editar',
  eye: 'Ver',
  'eye-invisible': 'Ocultar',
  download: 'Descargar',
  upload: 'Subir',
  printer: 'Imprimir',
  more: 'Más opciones',
  ellipsis: 'Más páginas',
  filter: 'Filtrar',
  check: 'Listo',
  'check-circle': 'Correcto',
  'info-circle': 'Información',
  'exclamation-circle': 'Atención',
  'question-circle': 'Ayuda',
  warning: 'Advertencia',
  loading: 'Cargando',
  sync: 'Actualizando',
  lock: 'Bloqueos',
  history: 'Historial',
  'unordered-list': 'Lista',
  'menu-fold': 'Plegar menú',
  'menu-unfold': 'Desplegar menú',
  'arrow-left': 'Volver',
  logout: 'Cerrar sesión',
  user: 'Usuario',
  key: 'Contraseña',
  picture: 'Imagen',
  'file-text': 'Documento',
  'file-search': 'Consultar',
  disconnect: 'Sin conexión',
  stop: 'Detenido',
  inbox: 'Vacío',
};

/** The Spanish name of an icon, or null when it should be hidden (a name of its own, or one we do not know). */
export function iconLabel(name: string): string | null {
  return Object.hasOwn(ICON_LABELS, name) ? ICON_LABELS[name]! : null;
}

const ENGLISH_NAME = /^[a-z]+(-[a-z]+)*$/;
const SPANISH = new Set(Object.values(ICON_LABELS));
const ICON = '.anticon[role="img"]';

/** Controls whose own label or text already says what they do: an icon in them only adorns. */
const NAMED_HOSTS = 'button, a, [role="button"], [role="menuitem"], [role="tab"], .ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-upload';

function adorns(icon: Element): boolean {
  const host = icon.closest(NAMED_HOSTS);
  if (!host) return false;
  if (host.matches('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-upload')) return true;
  return Boolean(host.getAttribute('aria-label') || host.getAttribute('title') || host.textContent?.trim());
}

function relabel(icon: Element): void {
  const name = icon.getAttribute('aria-label');
  if (!name || SPANISH.has(name) || !ENGLISH_NAME.test(name)) return;
  const label = adorns(icon) ? null : iconLabel(name);
  if (label) icon.setAttribute('aria-label', label);
  else {
    icon.removeAttribute('aria-label');
    icon.setAttribute('aria-hidden', 'true');
  }
}

function relabelWithin(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches(ICON)) relabel(node);
  node.querySelectorAll(`${ICON}[aria-label]`).forEach(relabel);
}

/** Renames icons as React and antd add them to the page. */
export function translateIconLabels(root: HTMLElement): MutationObserver {
  relabelWithin(root);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if ((r.target as Element).matches(ICON)) relabel(r.target as Element);
      } else r.addedNodes.forEach(relabelWithin);
    }
  });
  observer.observe(root.ownerDocument.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return observer;
}
