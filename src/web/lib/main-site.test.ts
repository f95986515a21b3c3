import { describe, expect, it } from 'vitest';
import { mainSiteHost, organizationHref } from './main-site';

describe('mainSiteHost', () => {
  it('is the page host on the main site, with its port', () => {
    expect(mainSiteHost({ hostname: 'localhost', port: '5000' }, null)).toBe('localhost:5000');
    expect(mainSiteHost({ hostname: 'greenroom.example', port: '' }, null)).toBe('greenroom.example');
  });

  it("drops an organization's label on its own address", () => {
    expect(mainSiteHost({ hostname: 'demo.greenroom.example', port: '' }, 'demo')).toBe('greenroom.example');
    expect(mainSiteHost({ hostname: 'demo.localhost', port: '5000' }, 'demo')).toBe('localhost:5000');
  });
});

describe('organizationHref', () => {
  it("is the organization's own address beside the main site, with the page's scheme and port", () => {
    const main = { protocol: 'http:', hostname: 'localhost', port: '5000' };
    expect(organizationHref(main, null, 'demo', '/login')).toBe('http://demo.localhost:5000/login');
    const onOther = { protocol: 'https:', hostname: 'other.greenroom.example', port: '' };
    expect(organizationHref(onOther, 'other', 'demo', '/')).toBe('https://demo.greenroom.example/');
  });
});
