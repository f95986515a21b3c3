import { describe, expect, it } from 'vitest';
import { mainSiteHost } from './main-site';

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
