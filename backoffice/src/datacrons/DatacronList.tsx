import { GeneratedList } from '../resources/GeneratedList.tsx';
import { RunNowButton } from './RunNowButton.tsx';

export function DatacronList() {
  return <GeneratedList rowActions={<RunNowButton label="backoffice.datacrons.run" />} />;
}
