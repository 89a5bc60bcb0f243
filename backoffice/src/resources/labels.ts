/** Locale keys of the generated screens: one place says where each label lives in locales/. */
export const fieldLabelKey = (resource: string, source: string) => `resources.${resource}.fields.${source}`;
const choiceLabelKey = (resource: string, source: string, value: string) => `backoffice.choices.${resource}.${source}.${value}`;

export const choicesOf = (resource: string, source: string, values: readonly string[]) =>
  values.map((value) => ({ id: value, name: choiceLabelKey(resource, source, value) }));
