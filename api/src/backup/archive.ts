import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { connect, type Db } from '@autoroute/db';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { extract, pack } from 'tar-stream';
import type { BackupConfig, MediaConfig } from '../core/config.ts';
import { isMediaKey } from '../media/keys.ts';
import { s3Client } from '../media/s3.ts';
import { createMediaStore } from '../media/store.ts';

/** An archive's name: its UTC time, so names sort as the backups were made (legacy `.db` copies too). */
const BACKUP_FILE = /^autoroute-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(tar\.gz|db)$/;
/** The archive's first entry: what it is, so a restore refuses anything else. */
const MANIFEST = 'autoroute-backup.json';
const FORMAT = 1;
/** The database's entry, restored as DATA_DIR/autoroute.db (databaseTarget). */
const DATABASE = 'autoroute.db';
const MEDIA = 'media/';

interface Manifest {
  format: number;
  createdAt: string;
  /** The newest migration the database had: a restore on an older release says so. */
  migration: string | null;
  /** Where the pictures came from: the media folder, or the bucket. */
  media: string;
}

/** Everything a backup reads: the live database and the pictures' store as the server configures it. */
export interface BackupSource {
  sqlite: NonNullable<Db['sqlite']>;
  media: MediaConfig;
  mediaDir: string;
}

export interface BackupResult {
  /** Where it went: a file path, or s3://bucket/key. */
  location: string;
  bytes: number;
  pictures: number;
  kept: number;
  deleted: number;
}

/** Every picture key in the store: the media folder's files, or the bucket's objects. */
async function* mediaKeys(media: MediaConfig, mediaDir: string): AsyncGenerator<string> {
  if (media.s3) {
    const client = s3Client(media.s3);
    try {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: media.s3.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
        token = page.NextContinuationToken;
      } while (token);
    } finally {
      client.destroy();
    }
    return;
  }
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    // The disk store's half-written uploads (`<file>.<uuid>.tmp`) are not pictures yet.
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const key = path.relative(mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (isMediaKey(key)) yield key;
  }
}

type Pack = ReturnType<typeof pack>;

/** Adds one entry of known size from a stream, waiting while the archive's reader is behind. */
async function addEntry(archive: Pack, name: string, size: number, body: AsyncIterable<unknown> | Iterable<Uint8Array>): Promise<void> {
  let done!: (error?: Error | null) => void;
  const written = new Promise<void>((resolve, reject) => {
    done = (error) => (error ? reject(error) : resolve());
  });
  const entry = archive.entry({ name, size, mode: 0o644, mtime: new Date() }, done);
  for await (const chunk of body) {
    if (!entry.write(chunk as Uint8Array)) await once(entry as unknown as NodeJS.EventEmitter, 'drain');
  }
  entry.end(undefined);
  await written;
}

/**
 * Writes one archive (tar, gzip) holding a consistent copy of the SQLite database and every picture.
 * The database first, through SQLite's online backup API (a snapshot while the server keeps
 * writing); then the pictures, which are written before any row names them and never rewritten
 * under the same key, so every picture the snapshot names is there. (One deleted in the seconds
 * between the snapshot and its copy would be missing: a picture deleted by its owner, whose row the
 * snapshot still holds.)
 */
async function writeArchive(source: BackupSource, file: string): Promise<number> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'autoroute-backup-'));
  try {
    const snapshot = path.join(scratch, DATABASE);
    await source.sqlite.backup(snapshot);
    const migration =
      (source.sqlite.prepare('select max(name) as name from kysely_migration').get() as { name: string | null } | undefined)?.name ?? null;
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migration,
      media: source.media.s3 ? `s3://${source.media.s3.bucket}` : 'media folder',
    };
    const archive = pack();
    const writing = pipeline(archive as unknown as Readable, createGzip(), createWriteStream(file, { flags: 'wx' }));
    let pictures = 0;
    try {
      const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await addEntry(archive, MANIFEST, json.length, [json]);
      await addEntry(archive, DATABASE, (await stat(snapshot)).size, createReadStream(snapshot));
      const store = createMediaStore(source.media, source.mediaDir);
      for await (const key of mediaKeys(source.media, source.mediaDir)) {
        const object = await store.get(key);
        if (!object) continue; // deleted since it was listed
        await addEntry(archive, `${MEDIA}${key}`, object.length, object.body);
        pictures++;
      }
      archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
      await writing.catch(() => {});
      throw error;
    }
    await writing;
    return pictures;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Makes one backup archive (`autoroute-<UTC time>.tar.gz`) into BACKUP_DIR or the backup bucket,
 * then deletes all but the newest BACKUP_KEEP there. Written under a temporary name and renamed (or
 * uploaded) once complete: a crash never leaves a half archive among the backups.
 */
export async function makeBackup(source: BackupSource, target: BackupConfig): Promise<BackupResult> {
  const name = `autoroute-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  if (target.s3) {
    const scratch = await mkdtemp(path.join(tmpdir(), 'autoroute-backup-'));
    const client = s3Client(target.s3);
    try {
      const file = path.join(scratch, name);
      const pictures = await writeArchive(source, file);
      const { size } = await stat(file);
      const Key = `${target.s3Prefix}${name}`;
      // One PUT of a known length (up to 5 GB): the bucket shows the whole archive or none of it.
      await client.send(
        new PutObjectCommand({
          Bucket: target.s3.bucket,
          Key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/gzip',
        }),
      );
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: target.s3.bucket, Prefix: target.s3Prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const base = object.Key?.slice(target.s3Prefix.length);
          if (base && BACKUP_FILE.test(base)) names.push(base);
        }
        token = page.NextContinuationToken;
      } while (token);
      const old = names.sort().slice(0, Math.max(0, names.length - target.keep));
      if (old.length) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: target.s3.bucket,
            Delete: { Objects: old.map((base) => ({ Key: `${target.s3Prefix}${base}` })) },
          }),
        );
      }
      return { location: `s3://${target.s3.bucket}/${Key}`, bytes: size, pictures, kept: names.length - old.length, deleted: old.length };
    } finally {
      client.destroy();
      await rm(scratch, { recursive: true, force: true });
    }
  }

  const dir = target.dir;
  await mkdir(dir, { recursive: true });
  // A partial archive left by a crash: nobody else writes here while this run holds the job's lock.
  const partials = (await readdir(dir)).filter((f) => f.endsWith('.partial'));
  await Promise.all(partials.map((f) => rm(path.join(dir, f), { force: true })));
  const file = path.join(dir, name);
  let pictures: number;
  try {
    pictures = await writeArchive(source, `${file}.partial`);
  } catch (error) {
    await rm(`${file}.partial`, { force: true });
    throw error;
  }
  await rename(`${file}.partial`, file);
  const { size } = await stat(file);
  const backups = (await readdir(dir)).filter((f) => BACKUP_FILE.test(f)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - target.keep));
  await Promise.all(old.map((f) => rm(path.join(dir, f), { force: true })));
  return { location: file, bytes: size, pictures, kept: backups.length - old.length, deleted: old.length };
}

/** What a restore needs of the configuration: where the database and the pictures go. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string;
  media: MediaConfig;
  mediaDir: string;
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Restores an archive of makeBackup into an empty DATA_DIR: the database as DATA_DIR/autoroute.db,
 * the pictures into the store the configuration names (DATA_DIR/media, or MEDIA_S3_BUCKET). Refuses
 * a DATA_DIR holding anything, so it never mixes with or overwrites a live database. The database
 * file appears last, once every picture is in place, and is checked (a damaged one is removed).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<{ pictures: number; manifest: Manifest }> {
  const databaseFile = path.join(target.dataDir, DATABASE);
  if (path.resolve(target.databaseUrl) !== databaseFile) {
    throw new RestoreRefused(
      'DATABASE_URL is set: this archive holds a SQLite database. Unset DATABASE_URL to restore it, or restore PostgreSQL with pg_restore (README, "Backups and restore").',
    );
  }
  const present = await readdir(target.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length) {
    throw new RestoreRefused(
      `DATA_DIR ${target.dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): a restore writes into an empty folder only, so it never mixes with or overwrites a database. Move that folder aside, or set DATA_DIR to a new one.`,
    );
  }
  await stat(file).catch(() => {
    throw new RestoreRefused(`no such backup file: ${file}`);
  });
  await mkdir(target.dataDir, { recursive: true });

  const store = createMediaStore(target.media, target.mediaDir);
  const partial = `${databaseFile}.partial`;
  const entries = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), entries as unknown as NodeJS.WritableStream);
  let manifest: Manifest | undefined;
  let database = false;
  let pictures = 0;
  try {
    for await (const entry of entries) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST) throw new RestoreRefused(`${file} is not an Autoroute backup (it does not begin with ${MANIFEST}).`);
        manifest = JSON.parse(Buffer.concat(await chunks(entry)).toString('utf8')) as Manifest;
        if (manifest.format !== FORMAT)
          throw new RestoreRefused(`${file} is a backup of format ${manifest.format}; this release reads format ${FORMAT}.`);
      } else if (name === DATABASE && type === 'file') {
        await pipeline(entry, createWriteStream(partial, { flags: 'wx' }));
        database = true;
      } else if (name.startsWith(MEDIA) && type === 'file' && isMediaKey(name.slice(MEDIA.length))) {
        await store.put(name.slice(MEDIA.length), Buffer.concat(await chunks(entry)));
        pictures++;
      } else {
        // Nothing of ours (or a path that could climb out of the media folder): skipped, never written.
        entry.resume();
      }
    }
    await reading;
  } catch (error) {
    entries.destroy();
    await reading.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
  if (!manifest || !database) throw new RestoreRefused(`${file} holds no database: it is cut short or not an Autoroute backup.`);
  // Checked where the server will open it, so SQLite's side files (-wal, -shm) carry the server's names.
  await rename(partial, databaseFile);
  const check = connect(databaseFile);
  let result: unknown;
  try {
    result = check.sqlite!.pragma('quick_check', { simple: true });
  } finally {
    await check.close();
  }
  if (result !== 'ok') {
    await Promise.all(['', '-wal', '-shm'].map((end) => rm(`${databaseFile}${end}`, { force: true })));
    throw new RestoreRefused(`the database in ${file} is damaged: ${String(result)}`);
  }
  return { pictures, manifest };
}

async function chunks(body: AsyncIterable<unknown>): Promise<Buffer[]> {
  const all: Buffer[] = [];
  for await (const chunk of body) all.push(Buffer.from(chunk as Uint8Array));
  return all;
}
