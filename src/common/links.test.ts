import { describe, expect, it } from 'vitest';
import { isWebUrl, linkKind, linkLabel, webHref } from './links';

describe('linkKind', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abc', 'youtube', 'YouTube'],
    ['https://youtu.be/abc', 'youtube', 'YouTube'],
    ['https://m.youtube.com/@theater', 'youtube', 'YouTube'],
    ['https://instagram.com/demo', 'instagram', 'Instagram'],
    ['https://www.facebook.com/demo', 'facebook', 'Facebook'],
    ['https://fb.me/demo', 'facebook', 'Facebook'],
    ['https://www.tiktok.com/@demo', 'tiktok', 'TikTok'],
    ['https://www.example.org/tickets', 'website', 'example.org'],
    ['https://tickets.example.org/', 'website', 'tickets.example.org'],
    ['https://notyoutube.com/x', 'website', 'notyoutube.com'],
  ])('%s is %s labelled %s', (url, site, label) => {
    expect(linkKind(url)).toEqual({ site, label });
  });

  it("prefers the author's label", () => {
    expect(linkLabel({ url: 'https://youtu.be/x', label: 'Trailer' })).toBe('Trailer');
    expect(linkLabel({ url: 'https://youtu.be/x', label: '  ' })).toBe('YouTube');
    expect(linkLabel({ url: 'https://www.playbill.com/x', label: null })).toBe('playbill.com');
  });
});

describe('isWebUrl', () => {
  it('accepts http and https only', () => {
    expect(isWebUrl('https://example.org')).toBe(true);
    expect(isWebUrl('http://example.org/a?b=c')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('data:text/html,hi')).toBe(false);
    expect(isWebUrl('example.org')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });
});

describe('webHref', () => {
  it('keeps web addresses and drops script, data and other URLs', () => {
    expect(webHref('https://example.org/tickets')).toBe('https://example.org/tickets');
    expect(webHref('http://example.org')).toBe('http://example.org');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<b>x',
      'vbscript:x',
      '//evil.test',
      '/relative',
      '',
    ]) {
      expect(webHref(bad)).toBeUndefined();
    }
    expect(webHref(null)).toBeUndefined();
  });
});
