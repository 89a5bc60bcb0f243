import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Datagrid, type DatagridProps, useCanAccess, useResourceContext } from 'react-admin';

/**
 * react-admin's row checkboxes carry their name ("Select this row") on the wrapper, not on the input,
 * which leaves the checkbox unnamed for assistive technology (axe: label, aria-prohibited-attr).
 * This moves the name onto the input, and keeps doing so as rows render.
 */
function useNamedRowCheckboxes() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      for (const wrapper of root.querySelectorAll<HTMLElement>('.select-item[aria-label]')) {
        const input = wrapper.querySelector('input');
        const label = wrapper.getAttribute('aria-label');
        if (!input || !label) continue;
        input.setAttribute('aria-label', label);
        wrapper.removeAttribute('aria-label');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * The console's datagrid: a row opens its form only for whoever may update (without the right, a
 * click would lead to the refusal), and its checkboxes are named.
 */
export function ScreenDatagrid({ rowClick, ...props }: DatagridProps) {
  const resource = useResourceContext(props);
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const ref = useNamedRowCheckboxes();
  return (
    <Box ref={ref} sx={{ display: 'contents' }}>
      <Datagrid rowClick={rowClick === 'edit' && !canEdit ? false : rowClick} {...props} />
    </Box>
  );
}
