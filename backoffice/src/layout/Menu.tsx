import { ListSubheader } from '@mui/material';
import { Menu, useCanAccess, useCanAccessResources, useSidebarState, useTranslate } from 'react-admin';
import { MENU_GROUPS, SCREENS } from '../screens.ts';

/** One section: its heading and the screens this user may list (SPEC §6: the menu shows only those). */
function MenuGroup({ id, resources }: { id: string; resources: readonly string[] }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: [...resources] });
  const visible = resources.filter((r) => canAccess?.[r]);
  if (!visible.length) return null;
  return (
    <>
      {open && (
        <ListSubheader role="presentation" disableSticky sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent' }}>
          {translate(`backoffice.menu.${id}`)}
        </ListSubheader>
      )}
      {visible.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </>
  );
}

export function BackofficeMenu() {
  // The figures need their permission; without it the home screen is a welcome, not worth a menu entry.
  const { canAccess: dashboard } = useCanAccess({ resource: 'dashboard', action: 'list' });
  return (
    <Menu>
      {dashboard && <Menu.DashboardItem />}
      {MENU_GROUPS.map((group) => (
        <MenuGroup key={group} id={group} resources={SCREENS.filter((screen) => screen.group === group).map((screen) => screen.name)} />
      ))}
    </Menu>
  );
}
