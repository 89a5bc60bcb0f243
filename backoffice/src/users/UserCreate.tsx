import { Create } from 'react-admin';
import { toUserBody, UserForm } from './UserForm.tsx';

export function UserCreate() {
  return (
    <Create redirect="list" transform={toUserBody}>
      <UserForm creating />
    </Create>
  );
}
