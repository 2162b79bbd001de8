const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Crumb {
  label: string;
  path: string;
}

/** Path segments with dashes as spaces; a UUID-shaped segment reads 'Editar'. */
export function breadcrumb(pathname: string): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.map((part, i) => ({
    label: UUID.test(part) ? 'Editar' : decodeURIComponent(part).replace(/-/g, ' '),
    path: '/' + parts.slice(0, i + 1).join('/'),
  }));
}

/** A back button appears when the path splits into more than three parts (/dashboard/section/detail). */
export function showsBackButton(pathname: string): boolean {
  return pathname.split("/").length > 3;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
