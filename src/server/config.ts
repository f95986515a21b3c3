// Configuration from the environment. Read once; everything else receives a Config.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  baseDomain: string;
  publicUrl: string;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  systemAdminPassword: string | undefined;
  seedDemo: boolean;
  enableTempLogin: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Serve the built SPA from this folder (absent in API tests). */
  webRoot: string | undefined;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 5000);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    baseDomain: (env.BASE_DOMAIN || 'localhost').toLowerCase(),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Greenroom <no-reply@greenroom.local>',
    systemAdminPassword: env.SYSTEM_ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO, !databaseUrl),
    enableTempLogin: flag(env.ENABLE_TEMP_LOGIN, false),
    trustProxy: flag(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || 'info',
    webRoot: path.resolve(env.WEB_ROOT || 'dist/web'),
  };
}
