// A signed-in member of organization 1 ('demo', New York time), as GET /api/me answers.
import type { Me } from '@common/schemas/auth';

export function meAs(role: string, userId = 1): Me {
  return {
    user: {
      id: userId,
      username: 'olivia',
      email: 'olivia@example.test',
      firstName: 'Olivia',
      lastName: 'Owner',
      profilePicture: null,
      bio: null,
      isSystemUser: false,
      twoFactorEnabled: false,
    },
    organization: {
      id: 1,
      name: 'Demo Theater',
      shortname: 'demo',
      description: null,
      logoUrl: null,
      favicon: null,
      primaryColor: '#224466',
      secondaryColor: '#446688',
      accentColor: '#668899',
      backgroundColor: '#ffffff',
      textColor: '#111111',
      theme: 'light',
      timezone: 'America/New_York',
      publicEventTypes: ['show'],
      approvalStatus: 'approved',
      enablePublicRegistration: true,
      requireTwoFactorForAdmins: false,
      updatedAt: '2030-01-01T00:00:00Z',
    },
    role,
    isSystemUser: false,
    pendingApproval: false,
    twoFactorSetupRequired: false,
  };
}
