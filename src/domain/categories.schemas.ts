import { z } from 'zod';
import { msg, text } from './validation';

export const CATEGORY_TYPES = ['treatment', 'product'] as const;
export const categoryTypeLabels: Record<(typeof CATEGORY_TYPES)[number], string> = { treatment: 'Tratamiento', product: 'Producto' };

export const categorySchema = z.object({ name: text('nombre', { max: 100 }), type: z.enum(CATEGORY_TYPES, { error: msg.required('tipo') }) });
export type CategoryInput = z.infer<typeof categorySchema>;
