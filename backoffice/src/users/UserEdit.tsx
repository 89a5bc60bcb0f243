import { Edit } from 'react-admin';
import { OwnerCancellations } from './OwnerCancellations.tsx';
import { toUserBody, UserForm } from './UserForm.tsx';

/** Pessimistic: a taken email or username comes back on its field before anything changes. The owner's cancellation record follows the form. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toUserBody}>
      <UserForm creating={false} />
      <OwnerCancellations />
    </Edit>
  );
}
