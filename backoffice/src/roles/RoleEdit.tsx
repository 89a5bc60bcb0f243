import { Edit } from 'react-admin';
import { RoleForm, toRoleBody } from './RoleForm.tsx';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toRoleBody}>
      <RoleForm />
    </Edit>
  );
}
