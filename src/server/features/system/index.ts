// System administration for system users: organizations, settings, legal texts, the outbox and
// the database.

export { legalPage } from './legal-texts';
export { supportAddress } from './support-address';
