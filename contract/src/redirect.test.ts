import { describe, expect, it } from 'vitest';
import { siteRedirect } from './redirect.ts';

const SITE = 'https://cars.example.com';
/** As a page reads `?redirect=` from its address: decoded once, as URLSearchParams does. */
const fromQuery = (raw: string) => new URL(`${SITE}/sign-in?redirect=${raw}`).searchParams.get('redirect');

describe('a redirect target', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(siteRedirect('/my/vehicles?page=2#top', SITE)).toBe('/my/vehicles?page=2#top');
    expect(siteRedirect(fromQuery('%2Fsettings%3Ftab%3Dsecurity'), SITE)).toBe('/settings?tab=security');
    expect(siteRedirect('https://cars.example.com/billing/success?payment=3', SITE)).toBe('/billing/success?payment=3');
    expect(siteRedirect('/vehicles/caf%C3%A9', SITE)).toBe('/vehicles/caf%C3%A9');
    expect(siteRedirect('/recherche/voiture électrique', SITE)).toBe('/recherche/voiture%20%C3%A9lectrique');
  });

  it('refuses another origin, however it is written', () => {
    for (const value of [
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      'https://evil.example/',
      'http://cars.example.com/',
      'https://cars.example.com.evil.example/',
      'https://cars.example.com@evil.example/',
      'javascript:alert(1)',
      'evil.example',
      'data:text/html,hi',
      // Same origin to the parser, but a path it normalised to `//host`: another site once answered as a path.
      'https://cars.example.com//evil.example/',
      '/.//evil.example/',
      '/x/..//evil.example/',
      '/%2e//evil.example',
      '/%2e%2e//evil.example',
    ])
      expect(siteRedirect(value, SITE, '/home'), value).toBe('/home');
  });

  it('refuses control characters, backslashes, separators, encoded slashes and broken encodings (issue 31)', () => {
    for (const raw of [
      '/%09/evil.example/',
      '/%0a/x',
      '/%0d/x',
      '/%00/x',
      '/%E2%80%A8/x',
      '/%E2%80%A9/x',
      '/%E2%80%AE/x',
      '/%C0%AF/x',
      '/%5C/evil.example',
      '/%252f%252fevil.example',
      '/%255cevil.example',
      '/%25C0%25AFx',
      '/%250a/x',
      '/%25E2%2580%25A8',
      '/%25zz',
    ])
      expect(siteRedirect(fromQuery(raw), SITE, '/home'), raw).toBe('/home');
    for (const value of ['/\t/evil.example/', '/x\u2028', '/x\u0085', '/x\u007f', '/x\\y'])
      expect(siteRedirect(value, SITE), JSON.stringify(value)).toBe('/');
  });

  it('refuses what is no string, empty, or longer than any way back the site writes', () => {
    expect(siteRedirect(null, SITE)).toBe('/');
    expect(siteRedirect(undefined, SITE)).toBe('/');
    expect(siteRedirect(['/x'], SITE)).toBe('/');
    expect(siteRedirect('', SITE)).toBe('/');
    expect(siteRedirect(`/${'a'.repeat(2000)}`, SITE)).toBe('/');
  });
});
