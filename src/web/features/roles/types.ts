export interface Role {
  id: string;
  name: string;
  branchBound: boolean;
  extendedCancellationLimit: boolean;
  privileges: Record<string, string[]>;
  usersCount: number;
}
