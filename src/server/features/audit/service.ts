// The administrative audit trail: who did what to whom, when, and why. Any feature records an
// entry inside the same transaction as the change it describes, so the log never disagrees
// with the data.
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** null for changes that belong to no organization (system-wide records). */
  organizationId: number | null;
  actorId: number | null;
  action: string;
  targetType?: 'user' | 'organization' | string;
  targetId?: number | null;
  /** What a reader needs later even if the target is gone (e.g. the username, the reason). */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
  });
}
