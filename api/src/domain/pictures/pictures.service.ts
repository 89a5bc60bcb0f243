import { randomUUID } from 'node:crypto';
import type { Picture as PictureOut } from '@autoroute/contract/vehicles';
import { parseJson } from '@autoroute/db';
import { AppError, notFound } from '../../core/errors.ts';
import { LIMITS } from '../../core/limits.ts';
import type { MediaUrl } from '../../core/reference.ts';
import { EXTENSION, MAX_INPUT_PIXELS, MIME, processPicture, TooManyPixels, UnsupportedImage } from '../../media/images.ts';
import type { DomainDeps } from '../deps.ts';
import { refreshSignals } from '../trust/signals.ts';
import { deletePicture, findPicture, insertPicture, type StoredRendition } from './pictures.data.ts';

/** The media folder of uploaded pictures (the demo catalogue's live under `seed/`). */
const UPLOADS = 'pictures';

/** A stored picture as the API answers it: the full file and its renditions, each with its address. */
export const toPicture = (
  mediaUrl: MediaUrl,
  id: number,
  storageKey: string,
  width: number,
  height: number,
  renditions: StoredRendition[],
): PictureOut => ({
  id,
  url: mediaUrl(storageKey),
  width,
  height,
  renditions: renditions.map((r) => ({
    width: r.width,
    height: r.height,
    format: r.format as PictureOut['renditions'][number]['format'],
    url: mediaUrl(r.key),
  })),
});

/**
 * Stores an upload as a picture of its uploader, not yet on a vehicle. Refused uploads leave no
 * row and no file: everything is checked and encoded in memory before the first write.
 */
export async function uploadPicture(
  deps: Pick<DomainDeps, 'db' | 'limiters' | 'media' | 'mediaUrl'>,
  ownerId: number,
  file: File,
): Promise<PictureOut> {
  // Every upload counts, refused ones too: each costs reading and checking.
  await deps.limiters.consume('uploadPerUser', String(ownerId));
  if (file.size > LIMITS.pictureMaxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  let processed: Awaited<ReturnType<typeof processPicture>>;
  try {
    processed = await processPicture(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof UnsupportedImage) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    if (error instanceof TooManyPixels) throw new AppError(422, 'PICTURE_TOO_MANY_PIXELS', { max: MAX_INPUT_PIXELS / 1_000_000 });
    throw error;
  }

  // A fresh folder per picture: its files are immutable under their URLs, never overwritten.
  const id = randomUUID().replaceAll('-', '');
  const folder = `${UPLOADS}/${id.slice(0, 2)}/${id}`;
  const { full } = processed;
  const fullKey = `${folder}/full.${EXTENSION[full.format]}`;
  const renditions = processed.renditions.map((r) => ({ ...r, key: `${folder}/${r.width}.${EXTENSION[r.format]}` }));
  const keys = [fullKey, ...renditions.map((r) => r.key)];
  const store = deps.media;
  try {
    await Promise.all([store.put(fullKey, full.data), ...renditions.map((r) => store.put(r.key, r.data))]);
    const stored = renditions.map(({ width, height, format, key }) => ({ width, height, format, key }));
    const pictureId = await insertPicture(deps.db, {
      ownerId,
      storageKey: fullKey,
      mime: MIME[full.format],
      width: full.width,
      height: full.height,
      bytes: full.data.byteLength,
      renditions: stored,
      phash: processed.phash,
    });
    return toPicture(deps.mediaUrl, pictureId, fullKey, full.width, full.height, stored);
  } catch (error) {
    await Promise.allSettled(keys.map((key) => store.delete(key)));
    throw error;
  }
}

/** The uploader removes their picture: the row first (it stops being shown), then its files. */
export async function removePicture(deps: Pick<DomainDeps, 'config' | 'db' | 'log' | 'media'>, userId: number, id: number): Promise<void> {
  const picture = await deps.db.transaction().execute(async (tx) => {
    const found = await findPicture(tx, id);
    if (!found) throw notFound('PICTURE_NOT_FOUND');
    if (found.owner_id !== userId) throw new AppError(403, 'FORBIDDEN');
    await deletePicture(tx, id);
    // Its listing's signals without it (a near-duplicate photo gone), in the same transaction (docs/decisions/053).
    if (found.vehicle_id !== null) await refreshSignals(tx, deps.config.trust, found.vehicle_id);
    return found;
  });
  await removePictureFiles(deps, [picture]);
}

/**
 * Removes the files of pictures whose rows are already gone (a picture deleted, or a listing with
 * its pictures). Only uploads own their files; the demo catalogue's drawings are shared by many
 * listings. A file that cannot be removed is logged, never fails the request.
 */
export async function removePictureFiles(
  deps: Pick<DomainDeps, 'log' | 'media'>,
  pictures: { id: number; storage_key: string; renditions: string }[],
): Promise<void> {
  const removals = pictures.flatMap((picture) =>
    [picture.storage_key, ...parseJson<StoredRendition[]>(picture.renditions, []).map((r) => r.key)]
      .filter((key) => key.startsWith(`${UPLOADS}/`))
      .map((key) =>
        deps.media.delete(key).catch((err: unknown) => deps.log.warn({ err, pictureId: picture.id }, 'picture file not removed')),
      ),
  );
  await Promise.all(removals);
}
