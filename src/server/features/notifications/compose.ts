// Every notification mail: plain text and simple HTML in the organization's name and primary
// colour, links to the organization's own address (from configuration, never a Host header),
// and RFC 8058 one-click unsubscribe headers with the member's signed URL.
import { escapeHtml } from '../../http/link-page';
import type { Mail } from '../mail';

export interface MailOrg {
  name: string;
  primaryColor: string;
  /** https://{shortname}.{BASE_DOMAIN}[:port], from organizationOrigin(PUBLIC_URL, …). */
  origin: string;
}

export interface MailSection {
  heading: string;
  lines: string[];
}

// Only a plain hex colour reaches the style attribute; anything else falls back to the default.
const safeColor = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#6b46c1');

export function composeMail(opts: {
  to: string;
  org: MailOrg;
  subject: string;
  sections: MailSection[];
  link: string;
  unsubscribeUrl: string;
  /** One-click answers shown above the Open button (absolute URLs), e.g. a call's Confirm. */
  actions?: { label: string; url: string }[];
}): Mail {
  const { org } = opts;
  const url = `${org.origin}${opts.link}`;
  const settings = `${org.origin}/notification-settings`;
  const text = [
    org.name,
    '',
    ...opts.sections.flatMap((s) => [s.heading, ...s.lines.map((l) => `- ${l}`), '']),
    ...(opts.actions ?? []).map((a) => `${a.label}: ${a.url}`),
    `Open: ${url}`,
    '',
    `Change what you receive: ${settings}`,
    `Stop these emails: ${opts.unsubscribeUrl}`,
  ].join('\n');
  const color = safeColor(org.primaryColor);
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#111827;margin:0;padding:0">
<div style="background:${color};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(org.name)}</div>
<div style="padding:16px 24px">
${opts.sections
  .map(
    (s) =>
      `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(s.heading)}</h2><ul>${s.lines
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
${opts.actions?.length ? `<p>${opts.actions.map((a) => `<a href="${escapeHtml(a.url)}" style="display:inline-block;border:2px solid ${color};color:${color};padding:8px 16px;border-radius:6px;text-decoration:none;margin-right:8px">${escapeHtml(a.label)}</a>`).join('')}</p>` : ''}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:${color};color:#ffffff;padding:8px 16px;border-radius:6px;text-decoration:none">Open ${escapeHtml(org.name)}</a></p>
<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(settings)}">Notification settings</a> · <a href="${escapeHtml(opts.unsubscribeUrl)}">Unsubscribe</a></p>
</div></body></html>`;
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${opts.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
