import { PAGE_SIZES } from '../../../domain/list';
import { ROLE_NAMES } from '../../../domain/roles';
import { AppError } from '../../platform/errors';

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/**
 * Only the Super Administrador exports customers (spec 1, section 6). A CSV is an export, and so is a
 * page of every customer: for anyone else a customer list answers the spec's page sizes and no more.
 */
export function guardCustomerExport(req: { query: { format?: string; take?: number }; actor: { role: string } }): void {
  if (req.actor.role === ROLE_NAMES.superAdmin) return;
  const take = req.query.take;
  if (req.query.format === 'csv' || take === 0 || (take !== undefined && take > LARGEST_PAGE)) throw new AppError('FORBIDDEN');
}
