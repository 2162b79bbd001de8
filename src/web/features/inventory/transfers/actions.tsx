import { Tag } from 'antd';
import { orderStatusColors, type OrderStatus } from '../../../../domain/inventory';
import { ROLE_NAMES } from '../../../../domain/roles';
import type { TransferListItem } from '../../../../domain/transfers.contract';
import { transferDeletable } from '../../../../domain/transfers.schemas';
import type { SessionUser } from '../../../app/session';

export const TRANSFERS_PATH = '/dashboard/transferencias';

export function TransferStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={orderStatusColors[status]}>{status}</Tag>;
}

type Row = Pick<TransferListItem, 'status' | 'originBranchId' | 'destinyBranchId' | 'createdById' | 'approvedAt' | 'acceptedAt' | 'rejectedAt' | 'deleted_at'>;

const isSuperAdmin = (user: SessionUser | null) => user?.role === ROLE_NAMES.superAdmin;
/** A user not bound to a branch, or one of the branches the transfer joins. */
const atBranch = (user: SessionUser | null, ...branchIds: string[]) => Boolean(user) && (!user!.branchBound || branchIds.includes(user!.branch ?? ''));

/** Who sees what on a transfer (section 4), beside the privileges the list and form check. */
export function transferRights(user: SessionUser | null, t: Row, canApprove: boolean) {
  return {
    /** Approve mode (and its link) on a pending transfer, never for its creator: transfers.approve, by default only the super administrator's (section 4). */
    approve: t.status === 'En proceso' && canApprove && t.createdById !== user?.sub,
    /** Edit (confirm mode) for the origin's and destination's users once sent and not yet received. */
    edit: t.status === 'En tránsito' && atBranch(user, t.originBranchId, t.destinyBranchId),
    /** Only the destination's users (or users of no branch) confirm the receipt. */
    confirm: t.status === 'En tránsito' && atBranch(user, t.destinyBranchId),
    delete: transferDeletable(t, isSuperAdmin(user)),
  };
}
