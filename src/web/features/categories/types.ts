import type { CategoryInput } from '../../../domain/categories.schemas';

export interface Category {
  id: string;
  name: string;
  type: CategoryInput['type'];
  active: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
