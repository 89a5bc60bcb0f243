import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../../core/errors.ts';
import { LIMITS } from '../../../core/limits.ts';
import { removePicture, uploadPicture } from '../../../domain/pictures/pictures.service.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { Picture, PictureUpload } from './pictures.schemas.ts';

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Counted while the body streams in (Content-Length, or bytes as they arrive for a chunked body):
 * the upload is cut off with 413 as soon as it crosses the limit. The API-wide 1 MiB limit is
 * lifted for this path in app.ts.
 */
const streamLimit = bodyLimit({
  maxSize: LIMITS.pictureMaxBytes + MULTIPART_OVERHEAD,
  onError: () => {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  },
});
/** Other bodies were already read under the API-wide limit (and are refused with 415 below). */
const uploadLimit = createMiddleware<AppEnv>((c, next) =>
  /^multipart\//i.test(c.req.header('content-type') ?? '') ? streamLimit(c, next) : next(),
);

const tags = ['Pictures'];

export const upload = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Upload a picture (JPEG or PNG, at most 5 MB), not yet attached to a vehicle',
  description:
    'The type is recognised from the content, not the name or Content-Type. The picture is turned upright, stripped of its metadata (EXIF, GPS) and stored with responsive renditions in AVIF, WebP and its own format.',
  middleware: [requireUser(), uploadLimit] as const,
  request: { body: { content: { 'multipart/form-data': { schema: PictureUpload } }, required: true } },
  responses: {
    201: { description: 'The stored picture', ...jsonContent(z.object({ data: Picture })) },
    401: failure('Not signed in'),
    413: failure('PAYLOAD_TOO_LARGE: over 5 MB'),
    415: failure('UNSUPPORTED_MEDIA_TYPE: not a JPEG or PNG that decodes'),
    422: failure('VALIDATION_FAILED (no file) or PICTURE_TOO_MANY_PIXELS (over 25 megapixels)'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete a picture and its files (its uploader only)',
  middleware: requireUser(),
  request: { params: IdParam },
  responses: {
    200: { description: 'Deleted', ...jsonContent(z.object({ data: z.object({ ok: z.literal(true) }) })) },
    401: failure('Not signed in'),
    403: failure('FORBIDDEN: not the uploader'),
    404: failure('PICTURE_NOT_FOUND'),
  },
});

export function picturesRoutes(deps: Deps) {
  const router = createRouter();

  router.openapi(upload, async (c) => {
    const { file } = c.req.valid('form');
    const picture = await uploadPicture(deps, c.get('principal')!.userId, file);
    return c.json({ data: picture }, 201);
  });

  router.openapi(remove, async (c) => {
    await removePicture(deps, c.get('principal')!.userId, c.req.valid('param').id);
    return c.json({ data: { ok: true as const } }, 200);
  });

  return router;
}
