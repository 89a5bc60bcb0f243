import type { Kysely } from 'kysely';

/*
 * Calendars that sync (issue 36, docs/decisions/060-calendars-that-sync.md): the job polling the
 * calendars rental listings import, every 15 minutes. An existing installation gets it here; a new
 * one gets it with the rest of its seeded jobs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const seeded = await db.selectFrom('datacrons').select('id').limit(1).executeTakeFirst();
  if (seeded) {
    await db
      .insertInto('datacrons')
      .values({
        name: 'Calendar imports',
        handler: 'calendar-imports',
        cron: '*/15 * * * *',
        description: 'Polls the calendars rental listings import from other platforms; their events block the listings’ days.',
        active: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('datacrons').where('handler', '=', 'calendar-imports').execute();
}
