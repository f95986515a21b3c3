// System administration: the organization approval queue and system-wide figures.
import { rejectOrganizationSchema } from '../../../common/schemas/auth';
import { organizationOrigin } from '../../../common/tenancy';
import { notFound } from '../../http/errors';
import { requireSystemUser } from '../../http/guards';
import { idParams } from '../../http/params';
import type { App } from '../../http/types';

export async function systemRoutes(app: App) {
  const { database, mailer, config } = app.deps;

  app.get('/api/system/stats', async (request) => {
    await requireSystemUser(request);
    const [row] = await database.query<{
      totalOrganizations: number;
      totalUsers: number;
      totalEvents: number;
      databaseSize: string;
    }>(
      `select (select count(*)::int from organizations) as "totalOrganizations",
        (select count(*)::int from users where not is_system_user) as "totalUsers",
        (select count(*)::int from calendar_events) as "totalEvents",
        pg_size_pretty(pg_database_size(current_database())) as "databaseSize"`,
    );
    return row;
  });

  app.get('/api/system/pending-organizations', async (request) => {
    await requireSystemUser(request);
    return database.query(
      `select o.id, o.name, o.shortname, o.contact_email as "contactEmail", o.created_at as "createdAt",
         json_build_object('id', u.id, 'username', u.username, 'email', u.email) as owner
       from organizations o
       left join user_organizations m on m.organization_id = o.id and m.role = 'owner'
       left join users u on u.id = m.user_id
       where o.approval_status = 'pending' order by o.created_at, o.id`,
    );
  });

  const decide = async (
    id: number,
    actorId: number,
    status: 'approved' | 'rejected',
    reason: string | null,
  ) => {
    const [org] = await database.query<{
      id: number;
      name: string;
      shortname: string;
      ownerEmail: string | null;
    }>(
      `update organizations set approval_status = $2, approved_at = case when $2 = 'approved' then now() end,
         approved_by = $3, rejection_reason = $4, updated_at = now()
       where id = $1
       returning id, name, shortname, (select u.email from user_organizations m join users u on u.id = m.user_id
         where m.organization_id = organizations.id and m.role = 'owner' limit 1) as "ownerEmail"`,
      [id, status, actorId, reason],
    );
    if (!org) throw notFound('Organization not found');
    await database.query(
      `insert into audit_log (organization_id, actor_id, action, target_type, target_id, details)
       values ($1, $2, $3, 'organization', $1, $4)`,
      [org.id, actorId, `organization.${status}`, JSON.stringify({ reason })],
    );
    if (org.ownerEmail) {
      const address = organizationOrigin(config.publicUrl, org.shortname);
      await mailer.send({
        to: org.ownerEmail,
        subject: status === 'approved' ? `${org.name} is approved` : `${org.name} was not approved`,
        text:
          status === 'approved'
            ? `Good news: ${org.name} has been approved. Sign in at ${address}/login to invite your team.`
            : `We could not approve ${org.name}.${reason ? ` Reason: ${reason}` : ''}`,
      });
    }
    return {
      id: org.id,
      name: org.name,
      shortname: org.shortname,
      approvalStatus: status,
      rejectionReason: reason,
    };
  };

  app.post('/api/system/organizations/:id/approve', { schema: { params: idParams } }, async (request) => {
    const auth = await requireSystemUser(request);
    return decide(request.params.id, auth.user.id, 'approved', null);
  });

  app.post(
    '/api/system/organizations/:id/reject',
    { schema: { params: idParams, body: rejectOrganizationSchema } },
    async (request) => {
      const auth = await requireSystemUser(request);
      return decide(request.params.id, auth.user.id, 'rejected', request.body.rejectionReason || null);
    },
  );
}
