import { Create } from 'react-admin';
import { RoleForm, toRoleBody } from './RoleForm.tsx';

export function RoleCreate() {
  return (
    <Create redirect="list" transform={toRoleBody}>
      <RoleForm />
    </Create>
  );
}
