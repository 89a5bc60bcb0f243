import type { Kysely } from 'kysely';

/*
 * A perceptual hash per picture (trust & safety, docs/decisions/053): `phash` is 16 hexadecimal
 * digits (64 bits), computed when an upload is stored; `phash_b0`…`phash_b3` are its four 16-bit
 * bands, each indexed, so the pictures near one are found among the few sharing a band value
 * (multi-index hashing) instead of a scan of every hash. Null: a picture stored before, not hashed yet.
 */
const BANDS = ['phash_b0', 'phash_b1', 'phash_b2', 'phash_b3'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pictures').addColumn('phash', 'text').execute();
  for (const band of BANDS) {
    await db.schema.alterTable('pictures').addColumn(band, 'integer').execute();
    await db.schema.createIndex(`pictures_${band}_idx`).on('pictures').column(band).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const band of BANDS) {
    await db.schema.dropIndex(`pictures_${band}_idx`).execute();
    await db.schema.alterTable('pictures').dropColumn(band).execute();
  }
  await db.schema.alterTable('pictures').dropColumn('phash').execute();
}
