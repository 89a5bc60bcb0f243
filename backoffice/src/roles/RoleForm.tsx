import { useMemo } from 'react';
import { SimpleForm, TextInput, useTranslate, type Validator } from 'react-admin';
import { requiredCheck } from '../resources/validation.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';

/** What the API takes (POST/PUT /admin/roles). */
export const toRoleBody = ({ name, description, permissions }: Record<string, unknown>) => ({
  name,
  description: description ?? null,
  permissions: Array.isArray(permissions) ? permissions : [],
});

export function RoleForm() {
  const translate = useTranslate();
  const nameChecks = useMemo(() => [requiredCheck(translate('resources.roles.fields.name')) as Validator], [translate]);
  return (
    <SimpleForm sx={{ maxInlineSize: 960 }}>
      <TextInput source="name" validate={nameChecks} />
      <TextInput source="description" multiline minRows={2} />
      <PermissionMatrix source="permissions" />
    </SimpleForm>
  );
}
