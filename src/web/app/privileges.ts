import { can, type Action, type ModuleKey } from '../../domain/privileges';
import { useSession } from './session';

export function useCan(): (module: ModuleKey, action: Action) => boolean {
  const privileges = useSession((s) => s.user?.privileges);
  return (module, action) => can(privileges, module, action);
}
