import { Divider } from '@mui/material';
import { Edit, ListButton, TopToolbar } from 'react-admin';
import { GeneratedForm } from '../resources/GeneratedForm.tsx';
import { useResourceDef } from '../resources/resource-def.ts';
import { RunHistory } from './RunHistory.tsx';
import { RunNowButton } from './RunNowButton.tsx';

/** The generated job form, "Run now" above it and the run history below. */
export function DatacronEdit() {
  const def = useResourceDef();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <RunNowButton />
          <ListButton />
        </TopToolbar>
      }
    >
      <GeneratedForm def={def} creating={false} />
      <Divider />
      <RunHistory />
    </Edit>
  );
}
