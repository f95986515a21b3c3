import { describe, expect, it } from 'vitest';
import { composeMail } from './compose';

describe('composeMail', () => {
  const base = {
    to: 'ada@example.test',
    subject: 'Reminder',
    link: '/calendar',
    unsubscribeUrl: 'http://demo.localhost:5000/api/unsubscribe?user=1&token=abc',
  };

  it('escapes names and text in the HTML part and keeps a plain text part', () => {
    const mail = composeMail({
      ...base,
      org: {
        name: 'Theater <script>alert(1)</script>',
        primaryColor: '#123abc',
        origin: 'http://demo.localhost:5000',
      },
      sections: [{ heading: 'Rehearsal "A&B"', lines: ['<img src=x onerror=alert(1)>'] }],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Theater &lt;script&gt;');
    expect(mail.html).toContain('Rehearsal &quot;A&amp;B&quot;');
    expect(mail.html).toContain('background:#123abc');
    expect(mail.text).toContain('- <img src=x onerror=alert(1)>');
    expect(mail.text).toContain('Open: http://demo.localhost:5000/calendar');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${base.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('never puts anything but a hex colour into a style', () => {
    const mail = composeMail({
      ...base,
      org: { name: 'X', primaryColor: 'red;background:url(http://evil)', origin: 'http://x.localhost' },
      sections: [],
    });
    expect(mail.html).not.toContain('evil');
    expect(mail.html).toContain('background:#6b46c1');
  });
});
