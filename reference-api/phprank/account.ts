// GET /api/v1/account: the one endpoint phpRank has that API.md does not list.
import { createHash } from 'node:crypto';
import type { ServiceSettings } from '../settings';

const EMAIL = 'demo@example.com';

export function account(settings: ServiceSettings) {
  const gravatar = createHash('md5').update(EMAIL).digest('hex');
  return {
    id: 1,
    name: 'Demo User',
    email: EMAIL,
    avatar_url: `https://www.gravatar.com/avatar/${gravatar}?s=128&d=identicon`,
    locale: 'en',
    timezone: 'UTC',
    plan: {
      id: 2,
      name: 'Pro',
      // phpRank's plan features; -1 = unlimited. The report limit follows setPlanLimit().
      features: {
        reports: settings.planLimit ?? -1,
        projects: -1,
        pdf: true,
        api: true,
        data_export: true,
        custom_branding: false,
      },
    },
    created_at: '2024-03-04T10:15:00.000000Z',
  };
}
