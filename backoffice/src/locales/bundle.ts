interface Messages {
  api: { admin?: object; validation?: object; auth?: object; [key: string]: unknown };
  backoffice: { resources?: object; [key: string]: unknown };
}

/**
 * One locale's messages as the console reads them: react-admin's own (`ra.*`), ours (`backoffice.*`),
 * the resource names and field labels at the root where react-admin looks them up
 * (`resources.<name>.fields.<source>`, kept once in locales/ under `backoffice.resources`), and the
 * API's validation messages (and the moderation grounds' labels), so the forms check with the very sentences the server answers. A key a
 * locale lacks falls back to English (i18next's fallbackLng).
 */
export function bundle<R extends object>(ra: R, { api, backoffice }: Messages) {
  return {
    ...ra,
    backoffice,
    resources: backoffice.resources ?? {},
    api: {
      admin: api.admin ?? {},
      validation: api.validation ?? {},
      auth: api.auth ?? {},
      // The moderation forms check with the API's sentences and name each ground by its label.
      moderation: api.moderation ?? {},
    },
  };
}
