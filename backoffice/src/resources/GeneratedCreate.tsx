import { Create } from 'react-admin';
import { defaultsOf, GeneratedForm } from './GeneratedForm.tsx';
import { useResourceDef } from './resource-def.ts';

/** Create screen of a declared resource; back to the list once saved. */
export function GeneratedCreate() {
  const def = useResourceDef();
  return (
    <Create redirect="list">
      <GeneratedForm def={def} creating defaultValues={defaultsOf(def)} />
    </Create>
  );
}
