// System status, database settings, the support address, and the site's Terms of Service and
// Privacy Policy.
import {
  connectionTestSchema,
  saveDatabaseSettingsSchema,
  storedDatabaseSettingsSchema,
  supportSettingsInputSchema,
  supportSettingsSchema,
  systemInfoSchema,
} from '../../../common/schemas/system';
import { legalTextsSchema } from '../../../common/schemas/legal';
import { AppError } from '../../http/errors';
import { authOf } from '../../http/access';
import type { App } from '../../http/types';
import { recordAudit } from '../audit';
import { readSettings, saveSettings, systemInfo, testConnection, withPassword } from './database-settings';
import { readLegalTexts, saveLegalTexts } from './legal-texts';
import { readSupportSettings, saveSupportAddress } from './support-address';

export async function settingsRoutes(app: App) {
  const { database } = app.deps;

  app.get(
    '/api/system/info',
    { config: { access: 'system' }, schema: { response: { 200: systemInfoSchema } } },
    async () => systemInfo(database),
  );

  app.get(
    '/api/system/database-settings',
    { config: { access: 'system' }, schema: { response: { 200: storedDatabaseSettingsSchema } } },
    async () => readSettings(database),
  );

  app.patch(
    '/api/system/database-settings',
    {
      config: { access: 'system' },
      schema: { body: saveDatabaseSettingsSchema, response: { 200: storedDatabaseSettingsSchema } },
    },
    async (request) => {
      const { user } = authOf(request);
      const settings = await withPassword(database, request.body);
      await saveSettings(database, settings);
      const { password: _secret, ...shown } = settings;
      await recordAudit(database.db, {
        organizationId: null,
        actorId: user.id,
        action: 'system.database_settings_updated',
        targetType: 'system',
        details: shown,
      });
      return readSettings(database);
    },
  );

  app.post(
    '/api/system/test-connection',
    {
      config: { access: 'system' },
      schema: { body: saveDatabaseSettingsSchema, response: { 200: connectionTestSchema } },
    },
    async (request) => {
      const result = await testConnection(await withPassword(database, request.body));
      if (!result.success) {
        request.log.warn({ reason: result.reason }, 'database connection test failed');
        throw new AppError(422, result.message);
      }
      return result;
    },
  );

  app.get(
    '/api/system/legal',
    { config: { access: 'system' }, schema: { response: { 200: legalTextsSchema } } },
    async () => readLegalTexts(database),
  );

  app.put(
    '/api/system/legal',
    { config: { access: 'system' }, schema: { body: legalTextsSchema, response: { 200: legalTextsSchema } } },
    async (request) => {
      const { user } = authOf(request);
      await saveLegalTexts(database, request.body);
      await recordAudit(database.db, {
        organizationId: null,
        actorId: user.id,
        action: 'system.legal_texts_updated',
        targetType: 'system',
        details: { termsLength: request.body.terms.length, privacyLength: request.body.privacy.length },
      });
      return readLegalTexts(database);
    },
  );

  app.get(
    '/api/system/support-settings',
    { config: { access: 'system' }, schema: { response: { 200: supportSettingsSchema } } },
    async () => readSupportSettings(app.deps),
  );

  app.patch(
    '/api/system/support-settings',
    {
      config: { access: 'system' },
      schema: { body: supportSettingsInputSchema, response: { 200: supportSettingsSchema } },
    },
    async (request) => {
      const { user } = authOf(request);
      const { supportEmail } = request.body;
      await saveSupportAddress(database, supportEmail);
      await recordAudit(database.db, {
        organizationId: null,
        actorId: user.id,
        action: 'system.support_address_updated',
        targetType: 'system',
        details: { supportEmail },
      });
      return readSupportSettings(app.deps);
    },
  );
}
