// The signed-in caller as the session lookup builds it and GET /api/me sends it to the web.

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  bio: string | null;
  isSystemUser: boolean;
  twoFactorEnabled: boolean;
}

export interface SessionOrganization {
  id: number;
  name: string;
  shortname: string;
  description: string | null;
  logoUrl: string | null;
  favicon: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  theme: string;
  timezone: string;
  /** Event types public unless an event says otherwise (what a new event's switch starts at). */
  publicEventTypes: string[];
  approvalStatus: string;
  enablePublicRegistration: boolean;
  requireTwoFactorForAdmins: boolean;
  /** Changes with every settings or branding save; versions the custom stylesheet link. */
  updatedAt: string;
}

/** GET /api/me. */
export interface Me {
  user: SessionUser;
  organization: SessionOrganization | null;
  role: string | null;
  isSystemUser: boolean;
  pendingApproval: boolean;
  /** An owner or admin whose organization requires two-step sign-in and who has not set it up. */
  twoFactorSetupRequired: boolean;
}
