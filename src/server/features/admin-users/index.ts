// User management for owners, admins and system users: memberships, roles and the owner's
// protections.
// No other feature uses any of it yet.
export {};
