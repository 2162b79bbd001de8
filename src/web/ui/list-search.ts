/** A list's search fields, by the server's field name: `searchBy({ name: 'Nombre', sku: 'SKU' })`; the first is the default. */
export const searchBy = (fields: Record<string, string>): { value: string; label: string }[] =>
  Object.entries(fields).map(([value, label]) => ({ value, label }));
