import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fromEnvelope } from './errors.ts';

describe('API errors as react-admin reads them', () => {
  it('puts each 422 detail on its field and shows the localized error as the toast', () => {
    const body = {
      error: 'Some fields are not valid.',
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'name', message: 'Name is required.' },
        { path: 'nameI18n.fr_FR', message: 'Must be at most 120 characters.' },
      ],
    };
    const mapped = fromEnvelope(new HttpError('Unprocessable Entity', 422, body)) as HttpError;
    expect(mapped).toBeInstanceOf(HttpError);
    expect(mapped.status).toBe(422);
    expect(mapped.message).toBe('Some fields are not valid.');
    expect(mapped.body.errors).toEqual({
      name: 'Name is required.',
      'nameI18n.fr_FR': 'Must be at most 120 characters.',
      root: { serverError: 'Some fields are not valid.' },
    });
  });

  it('puts a 409 duplicate on the field it names', () => {
    const body = {
      error: 'Another record already has this ISO code.',
      code: 'DUPLICATE',
      details: [{ path: 'code', message: 'Another record already has this ISO code.' }],
    };
    const mapped = fromEnvelope(new HttpError('Conflict', 409, body)) as HttpError;
    expect(mapped.body.errors.code).toBe('Another record already has this ISO code.');
  });

  it('keeps a 409 "in use" a plain message: no field errors, so the delete shows it as a toast', () => {
    const body = { error: 'This record is still in use, so it was not deleted: Cities: 3.', code: 'IN_USE' };
    const mapped = fromEnvelope(new HttpError('Conflict', 409, body)) as HttpError;
    expect(mapped.message).toBe(body.error);
    expect(mapped.body.errors).toBeUndefined();
    expect(mapped.body.code).toBe('IN_USE');
  });

  it('leaves anything that is not our envelope as it was', () => {
    const plain = new HttpError('Bad Gateway', 502, '<html>');
    expect(fromEnvelope(plain)).toBe(plain);
    const network = new TypeError('Failed to fetch');
    expect(fromEnvelope(network)).toBe(network);
  });
});
