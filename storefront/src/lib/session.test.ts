import { describe, expect, it } from 'vitest';
import { renewedCookies } from './session.ts';

describe('the session a page calls the API with', () => {
  it('is the renewed one once the middleware renewed it, the visitor’s other cookies kept', () => {
    const sent = 'i18next=fr_FR; ACCESS_TOKEN=expired; REFRESH_TOKEN=used; SESSION_ID=s1';
    const renewed = [
      'ACCESS_TOKEN=fresh==; Max-Age=900; Path=/; HttpOnly; SameSite=Lax',
      'REFRESH_TOKEN=next; Path=/; HttpOnly; SameSite=Lax',
    ];
    expect(renewedCookies(sent, renewed)).toBe('i18next=fr_FR; ACCESS_TOKEN=fresh==; REFRESH_TOKEN=next; SESSION_ID=s1');
    expect(renewedCookies(null, ['ACCESS_TOKEN=; Max-Age=0; Path=/'])).toBe('');
  });
});
