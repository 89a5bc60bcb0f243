import type { ReactElement } from 'react';
import { Edit } from 'react-admin';
import { GeneratedForm } from './GeneratedForm.tsx';
import { useResourceDef } from './resource-def.ts';

/**
 * Edit screen of a declared resource. Pessimistic: the form waits for the server, so a 422 or 409 lands
 * on its input, and the delete button asks for confirmation before it deletes.
 */
export function GeneratedEdit({ actions, aside }: { actions?: ReactElement | false; aside?: ReactElement }) {
  const def = useResourceDef();
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={actions} aside={aside}>
      <GeneratedForm def={def} creating={false} />
    </Edit>
  );
}
