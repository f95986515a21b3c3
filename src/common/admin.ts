// Organization administration's fixed choices and words, read by the admin screens without
// loading any schema (schemas/admin.ts builds the forms' and the server's schemas on them).

export const THEMES = ['light', 'dark', 'auto'] as const;

export type Theme = (typeof THEMES)[number];

export const BRANDING_DEFAULTS = {
  primaryColor: '#6b46c1',
  secondaryColor: '#f0594f',
  accentColor: '#10b981',
  backgroundColor: '#ffffff',
  textColor: '#111827',
  theme: 'light' as Theme,
};

export const DISABLE_REASON_REQUIRED = 'Please provide a reason for disabling this user';
