import { describe, expect, it } from 'vitest';
import { jsonRequest, readEnvelope, withLanguage } from './api-core.ts';

describe('the request every call builds', () => {
  it('puts the language on a path with or without a query', () => {
    expect(withLanguage('/api/v1/vehicles', 'fr_FR')).toBe('/api/v1/vehicles?lng=fr_FR');
    expect(withLanguage('/api/v1/me/fragment?vehicle=3', 'ar')).toBe('/api/v1/me/fragment?vehicle=3&lng=ar');
  });

  it('sends JSON only when there is something to send', () => {
    expect(jsonRequest(undefined)).toBeNull();
    expect(jsonRequest({ name: 'Vans' })).toEqual({ body: '{"name":"Vans"}', contentType: 'application/json' });
  });
});

describe('the refusal every call reads', () => {
  it('tells the envelope as the API wrote it', () => {
    const envelope = { error: 'Name is too short.', code: 'VALIDATION', details: [{ path: 'name', message: 'Too short' }] };
    expect(readEnvelope(envelope, 'Failed')).toEqual({ code: 'VALIDATION', error: 'Name is too short.', details: envelope.details });
  });

  it('falls back to the localized failure when the answer was no envelope (a proxy page)', () => {
    expect(readEnvelope(null, 'La requête a échoué')).toEqual({ code: 'FAILED', error: 'La requête a échoué', details: [] });
  });
});
