import { Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  PasswordInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SimpleForm,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { requiredCheck } from '../resources/validation.ts';
import { USER_STATUSES } from './status.tsx';
import { confirmationCheck, emailChecks, passwordChecks, personNameChecks, phoneCheck, usernameChecks } from './validation.ts';

const GRANTABLE = { grantable: true };

/** What the API takes (POST/PUT /admin/users): the confirmation stays here, an empty password is left out. */
export function toUserBody(data: Record<string, unknown>) {
  const { email, username, firstName, lastName, phone, status, roleIds, password } = data;
  return {
    email,
    username,
    firstName,
    lastName,
    phone: phone || null,
    status,
    roleIds: Array.isArray(roleIds) ? roleIds : [],
    ...(typeof password === 'string' && password !== '' ? { password } : {}),
  };
}

/** The user form (SPEC §2): identity, the status choice, the roles, and the password (required when creating). */
export function UserForm({ creating }: { creating: boolean }) {
  const translate = useTranslate();
  const checks = useMemo(() => {
    const label = (source: string) => translate(`resources.users.fields.${source}`);
    return {
      email: emailChecks(label('email')) as Validator[],
      username: usernameChecks(label('username')) as Validator[],
      firstName: personNameChecks(label('firstName'), 'api.auth.firstNameLength') as Validator[],
      lastName: personNameChecks(label('lastName'), 'api.auth.lastNameLength') as Validator[],
      status: [requiredCheck(label('status'))] as Validator[],
      password: passwordChecks(label('password'), creating) as Validator[],
      confirmPassword: [...(creating ? [requiredCheck(label('confirmPassword'))] : []), confirmationCheck] as Validator[],
    };
  }, [translate, creating]);
  return (
    <SimpleForm sx={{ maxInlineSize: 760 }} defaultValues={creating ? { status: 'active', roleIds: [] } : undefined}>
      <TextInput source="email" type="email" autoComplete="off" validate={checks.email} />
      <TextInput source="username" autoComplete="off" validate={checks.username} />
      <TextInput source="firstName" validate={checks.firstName} />
      <TextInput source="lastName" validate={checks.lastName} />
      <TextInput source="phone" type="tel" validate={phoneCheck as Validator} />
      <RadioButtonGroupInput source="status" choices={USER_STATUSES} validate={checks.status} row />
      {/* Only the roles the API would let this administrator give (no SUPADMIN unless one, no rights they lack). */}
      <ReferenceArrayInput source="roleIds" reference="roles" filter={GRANTABLE}>
        <AutocompleteArrayInput optionText="name" label="resources.users.fields.roleIds" />
      </ReferenceArrayInput>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 2 }}>
        {translate(creating ? 'backoffice.users.passwordTitle' : 'backoffice.users.changePassword')}
      </Typography>
      <PasswordInput
        source="password"
        autoComplete="new-password"
        validate={checks.password}
        helperText={creating ? false : 'backoffice.users.passwordKeep'}
      />
      <PasswordInput source="confirmPassword" autoComplete="new-password" validate={checks.confirmPassword} />
    </SimpleForm>
  );
}
