import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live a quarter of an hour; the refresh token renews them (rotating on each use). */
export const ACCESS_TTL_SECONDS = 15 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/** An HS256 JWT (jose): `sub` the user, `sid` the session, `exp` a quarter of an hour from now. */
export async function issueAccessToken(secret: string, claims: { userId: number; sessionId: string }) {
  const exp = Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The claims of a valid, unexpired access token, or null. */
export async function readAccessToken(secret: string, token: string): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
