import { RESOURCES, type ResourceDef, type ResourceName } from '@autoroute/contract/resources';
import { useResourceContext } from 'react-admin';

/** The declaration of the resource whose screen this is. */
export function useResourceDef(): ResourceDef {
  const name = useResourceContext();
  const def = name ? RESOURCES[name as ResourceName] : undefined;
  if (!def) throw new Error(`No declaration for the resource ${String(name)}`);
  return def;
}

/** A picker of a declared resource lists its rows by title. */
export const titleSort = (name: ResourceName) => ({ field: RESOURCES[name].title, order: 'ASC' as const });
