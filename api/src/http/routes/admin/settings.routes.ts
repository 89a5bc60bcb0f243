import { LOCALES } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import { validationFailed } from '../../../core/errors.ts';
import { audited } from '../../../domain/admin/audit.service.ts';
import { readSettings, writeSettings } from '../../../domain/site/site.data.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, jsonBody, jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { guarded } from './crud-router.ts';

/** The longest maintenance message, in characters: one line of banner. */
const MAINTENANCE_MESSAGE_MAX = 300;

const Messages = z
  .object(Object.fromEntries(LOCALES.map((l) => [l, z.string().trim().max(MAINTENANCE_MESSAGE_MAX).optional()])))
  .strict()
  .openapi({ description: 'Locale → text; a locale left empty shows the English text' });

export const Settings = named(
  z.object({
    id: z.literal('site').openapi({ description: 'The settings are one record' }),
    maintenanceEnabled: z.boolean(),
    maintenanceMessage: Messages,
  }),
  'AdminSettings',
);

const SettingsChange = named(Settings.omit({ id: true }).extend({ id: z.string().optional() }), 'AdminSettingsChange');

const tags = ['Admin: settings'];
const IdParam = z.object({ id: z.literal('site').openapi({ param: { name: 'id', in: 'path' } }) });

const getSettings = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'The application settings (admin.setting.index)',
  middleware: requirePermission('admin.setting.index'),
  request: { params: IdParam },
  responses: { 200: { description: 'The settings', ...jsonContent(Settings) }, ...guarded },
});

const putSettings = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Change the application settings (admin.setting.update); the site shows them on its next page',
  middleware: requirePermission('admin.setting.update'),
  request: { params: IdParam, ...jsonBody(SettingsChange) },
  responses: {
    200: { description: 'Saved', ...jsonContent(Settings) },
    ...guarded,
    422: failure('Invalid settings'),
  },
});

/** The application settings (issue 13 item 10): the maintenance banner, per locale, with its switch. */
export function adminSettingsRoutes(deps: Deps) {
  const { db } = deps;
  const record = async (from = db) => ({ id: 'site' as const, ...(await readSettings(from)) });
  return createRouter()
    .openapi(getSettings, async (c) => c.json(await record(), 200))
    .openapi(putSettings, async (c) => {
      const { maintenanceEnabled, maintenanceMessage } = c.req.valid('json');
      const messages = Object.fromEntries(Object.entries(maintenanceMessage).filter(([, text]) => text));
      // English is every visitor's fallback: a banner switched on needs it.
      if (maintenanceEnabled && !messages.en_US) {
        throw validationFailed([{ path: 'maintenanceMessage.en_US', message: c.get('t')('validation.required') }]);
      }
      const saved = await audited(db, c.get('principal')!, { resource: 'settings', action: 'update' }, async (tx) => {
        const before = await record(tx);
        await writeSettings(tx, { maintenanceEnabled, maintenanceMessage: messages });
        const after = await record(tx);
        return { recordId: 'site', before, after, result: after };
      });
      return c.json(saved, 200);
    });
}
