import { DeleteButton, SaveButton, Toolbar, ToolbarClasses } from 'react-admin';

/**
 * Save is always enabled: on an untouched form it shows what is required, in the console's words,
 * instead of being greyed out with no reason given. Delete stays where react-admin puts it and, though
 * the form saves pessimistically, offers Undo before the request leaves (docs/decisions/020-audit-log.md).
 */
export const FormToolbar = () => (
  <Toolbar>
    <div className={ToolbarClasses.defaultToolbar}>
      <SaveButton alwaysEnable />
      <DeleteButton mutationMode="undoable" />
    </div>
  </Toolbar>
);
