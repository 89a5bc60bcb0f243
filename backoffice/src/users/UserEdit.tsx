import { Edit } from 'react-admin';
import { toUserBody, UserForm } from './UserForm.tsx';

/** Pessimistic: a taken email or username comes back on its field before anything changes. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toUserBody}>
      <UserForm creating={false} />
    </Edit>
  );
}
