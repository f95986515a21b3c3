// GET /api/organizations/{orgId}/audit: what the server sends and the audit page reads.

export interface AuditRow {
  id: number;
  action: string;
  targetType: string | null;
  targetId: number | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  actor: { id: number; username: string; firstName: string | null; lastName: string | null } | null;
  /** The target's current username when it is a user who still exists. */
  targetUsername: string | null;
}

export interface AuditPage {
  items: AuditRow[];
  total: number;
  page: number;
  pageSize: number;
}
