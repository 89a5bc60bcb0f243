import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Datagrid, DatagridConfigurable, type DatagridProps, useCanAccess, useResourceContext } from 'react-admin';

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

/** The columns a user may hide and show again (SelectColumnsButton), and those hidden until they do. */
export interface Configurable {
  /** The sources of the columns hidden by default. */
  omit: string[];
}

/**
 * The console's datagrid: a row opens its form only for whoever may update (without the right, a
 * click would lead to the refusal), rows have checkboxes only for whoever may delete (the bulk
 * actions act on the selection; exporting the filtered list is the toolbar's Export), the
 * checkboxes are named, and a `configurable` list lets the user choose its columns.
 */
export function ScreenDatagrid({ rowClick, bulkActionButtons, configurable, ...props }: DatagridProps & { configurable?: Configurable }) {
  const resource = useResourceContext(props);
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const ref = useNamedRowCheckboxes();
  const shared = {
    rowClick: rowClick === 'edit' && !canEdit ? false : rowClick,
    bulkActionButtons: canDelete ? bulkActionButtons : false,
    ...props,
  };
  return (
    <Box ref={ref} sx={{ display: 'contents' }}>
      {configurable ? <DatagridConfigurable omit={configurable.omit} {...shared} /> : <Datagrid {...shared} />}
    </Box>
  );
}
