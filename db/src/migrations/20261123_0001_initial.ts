import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The whole data model of the first release. Frozen once landed: later changes get new files.
 * Portable choices (see docs/decisions/001-portable-schema.md): flags are integers 0/1, timestamps
 * are ISO-8601 UTC text, money is an integer in minor units, ids are integers from the database.
 */

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  // ISO-8601 UTC with milliseconds on both engines, the same text the application writes.
  const now = pg ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', id)
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now));

  const index = (tbl: string, ...cols: string[]) =>
    db.schema
      .createIndex(`${tbl}_${cols.join('_')}_idx`)
      .on(tbl)
      .columns(cols)
      .execute();

  // Reference data shaped as SPEC §3 "id, name, description", plus a stable code and translations.
  for (const name of ['categories', 'transmissions', 'fuel_types', 'options', 'types', 'themes', 'providers']) {
    await table(name)
      .addColumn('code', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_i18n', 'text')
      .addColumn('description', 'text')
      .addColumn('description_i18n', 'text')
      .execute();
  }

  await table('federers')
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('issuer', 'text')
    .addColumn('client_id', 'text')
    .addColumn('client_secret', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('languages')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('description_i18n', 'text')
    .execute();

  await table('countries')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_i18n', 'text')
    .execute();

  await table('cities')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .execute();
  await index('cities', 'country_id');
  await db.schema.createIndex('cities_country_id_name_uq').on('cities').columns(['country_id', 'name']).unique().execute();

  await table('currencies')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_i18n', 'text')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('minor_units', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .execute();
  await index('currencies', 'country_id');

  await table('colors')
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_i18n', 'text')
    .addColumn('hex', 'text', (c) => c.notNull())
    .execute();

  await table('makes')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('country_id', 'integer', (c) => c.references('countries.id'))
    .execute();
  await index('makes', 'country_id');

  await table('models')
    .addColumn('make_id', 'integer', (c) => c.notNull().references('makes.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .execute();
  await index('models', 'category_id');
  await db.schema.createIndex('models_make_id_name_uq').on('models').columns(['make_id', 'name']).unique().execute();

  await table('pages')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('section', 'text', (c) => c.notNull().defaultTo('help'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createTable('page_translations')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_translations_pk', ['page_id', 'locale'])
    .execute();

  // Identity and access.
  await table('roles')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .execute();
  await table('permissions')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();
  await index('role_permissions', 'permission_id');

  await table('users')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('email_verified_at', 'text')
    .addColumn('seller_type', 'text', (c) => c.notNull().defaultTo('individual'))
    .addColumn('bio', 'text')
    .addColumn('urls', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('language_id', 'integer', (c) => c.references('languages.id'))
    .addColumn('theme_id', 'integer', (c) => c.references('themes.id'))
    .addColumn('font', 'text', (c) => c.notNull().defaultTo('inter'))
    .addColumn('sidebar_items', 'text')
    .addColumn('last_login_at', 'text')
    .execute();
  await index('users', 'language_id');
  await index('users', 'theme_id');
  await index('users', 'created_at');

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await index('user_roles', 'role_id');

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await index('sessions', 'user_id');
  await index('sessions', 'expires_at');

  // Every refresh token ever issued: a token seen twice revokes its session (rotation with reuse detection).
  await table('refresh_tokens')
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .execute();
  await index('refresh_tokens', 'session_id');

  await table('one_time_codes')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await index('one_time_codes', 'user_id');
  await index('one_time_codes', 'expires_at');

  await table('process_ids')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await index('process_ids', 'user_id');
  await index('process_ids', 'expires_at');

  await table('external_identities')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('federer_id', 'integer', (c) => c.notNull().references('federers.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await index('external_identities', 'user_id');
  await db.schema
    .createIndex('external_identities_federer_subject_uq')
    .on('external_identities')
    .columns(['federer_id', 'subject'])
    .unique()
    .execute();

  // Listings.
  await table('vehicles')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('register', 'text')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
    .addColumn('city_id', 'integer', (c) => c.notNull().references('cities.id'))
    .addColumn('address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold_at', 'text')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('color_id', 'integer', (c) => c.notNull().references('colors.id'))
    .addColumn('mileage', 'integer', (c) => c.notNull())
    .addColumn('fuel_type_id', 'integer', (c) => c.notNull().references('fuel_types.id'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('types.id'))
    .addColumn('transmission_id', 'integer', (c) => c.notNull().references('transmissions.id'))
    .addColumn('engine_size', 'real')
    .addColumn('number_of_doors', 'integer', (c) => c.notNull())
    .addColumn('number_of_seats', 'integer', (c) => c.notNull())
    .addColumn('vin', 'text')
    .addColumn('insurance_expiry_date', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    // Electric and power.
    .addColumn('battery_capacity', 'real')
    .addColumn('battery_type', 'text')
    .addColumn('battery_health', 'integer')
    .addColumn('charging_time', 'real')
    .addColumn('fast_charging', 'integer')
    .addColumn('battery_range', 'integer')
    .addColumn('battery_consumption', 'real')
    .addColumn('fiscal_power', 'integer')
    .addColumn('din_power', 'integer')
    .addColumn('engine_power', 'integer')
    .addColumn('torque', 'integer')
    .addColumn('range', 'integer')
    // History and environment.
    .addColumn('registration_date', 'text')
    .addColumn('number_of_owners', 'integer')
    .addColumn('is_first_hand', 'integer')
    .addColumn('emissions_standard', 'text')
    .addColumn('co2_emissions', 'integer')
    .addColumn('euro_standard', 'text')
    .addColumn('critair', 'text')
    .addColumn('maintenance_history', 'text')
    .addColumn('accident_history', 'text')
    // Dimensions.
    .addColumn('length', 'real')
    .addColumn('width', 'real')
    .addColumn('height', 'real')
    .addColumn('weight', 'integer')
    .addColumn('wheelbase', 'integer')
    .addColumn('trunk_volume', 'integer')
    .addColumn('upholstery', 'text')
    // Origin.
    .addColumn('origin', 'text')
    .addColumn('origin_country_id', 'integer', (c) => c.references('countries.id'))
    .addColumn('import_status', 'text')
    .addColumn('imported', 'integer')
    .addColumn('first_registration_country_id', 'integer', (c) => c.references('countries.id'))
    .execute();
  for (const col of [
    'owner_id',
    'currency_id',
    'country_id',
    'city_id',
    'category_id',
    'color_id',
    'fuel_type_id',
    'type_id',
    'transmission_id',
    'origin_country_id',
    'first_registration_country_id',
  ]) {
    await index('vehicles', col);
  }
  // The default listing (not sold, newest first) and the range filters of the search.
  await index('vehicles', 'sold', 'created_at');
  await index('vehicles', 'sold', 'featured', 'created_at');
  await index('vehicles', 'currency_id', 'price_minor');
  await index('vehicles', 'year');
  await index('vehicles', 'mileage');
  await index('vehicles', 'number_of_doors');
  await index('vehicles', 'brand', 'model');

  if (pg) {
    await sql`alter table vehicles add column search tsvector generated always as (
      to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '') || ' ' || coalesce(description, ''))
    ) stored`.execute(db);
    await sql`create index vehicles_search_idx on vehicles using gin (search)`.execute(db);
  } else {
    await sql`create virtual table vehicles_fts using fts5(
      title, brand, model, description, content='vehicles', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger vehicles_fts_ai after insert on vehicles begin
      insert into vehicles_fts(rowid, title, brand, model, description) values (new.id, new.title, new.brand, new.model, new.description);
    end`.execute(db);
    await sql`create trigger vehicles_fts_ad after delete on vehicles begin
      insert into vehicles_fts(vehicles_fts, rowid, title, brand, model, description) values ('delete', old.id, old.title, old.brand, old.model, old.description);
    end`.execute(db);
    await sql`create trigger vehicles_fts_au after update of title, brand, model, description on vehicles begin
      insert into vehicles_fts(vehicles_fts, rowid, title, brand, model, description) values ('delete', old.id, old.title, old.brand, old.model, old.description);
      insert into vehicles_fts(rowid, title, brand, model, description) values (new.id, new.title, new.brand, new.model, new.description);
    end`.execute(db);
  }

  await db.schema
    .createTable('vehicle_options')
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('options.id'))
    .addPrimaryKeyConstraint('vehicle_options_pk', ['vehicle_id', 'option_id'])
    .execute();
  await index('vehicle_options', 'option_id');

  await table('pictures')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await index('pictures', 'owner_id');
  await index('pictures', 'vehicle_id', 'position');

  for (const name of ['likes', 'favorites']) {
    await db.schema
      .createTable(name)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint(`${name}_pk`, ['user_id', 'vehicle_id'])
      .execute();
    await index(name, 'vehicle_id');
  }

  await table('vehicle_views')
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vehicle_views_vehicle_visitor_day_uq')
    .on('vehicle_views')
    .columns(['vehicle_id', 'visitor_hash', 'day'])
    .unique()
    .execute();

  // Messaging and notifications.
  await table('notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('contact'))
    .addColumn('from_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .execute();
  await index('notifications', 'user_id', 'read_at');
  await index('notifications', 'sender_id');
  await index('notifications', 'vehicle_id');

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mobile', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('communication', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('marketing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('social', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('security', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_providers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('address', 'text')
    .addColumn('is_notifiable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('linked_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_providers_pk', ['user_id', 'provider_id'])
    .execute();
  await index('user_providers', 'provider_id');

  // Plans and payments.
  await table('cart_groups')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .execute();
  await table('carts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('months', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('cart_groups.id'))
    .execute();
  await index('carts', 'currency_id');
  await index('carts', 'group_id');
  // A null limit is unlimited.
  await table('cart_details')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('vehicle_limit', 'integer')
    .addColumn('photo_limit', 'integer')
    .addColumn('contact_limit', 'integer')
    .addColumn('featured_listing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('detailed_stats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority_support', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('cart_details', 'cart_id');

  await table('payments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('paid_at', 'text')
    .execute();
  await index('payments', 'user_id');
  await index('payments', 'cart_id');
  await index('payments', 'currency_id');
  await index('payments', 'status', 'paid_at');

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await table('subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id'))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'text')
    .execute();
  await index('subscriptions', 'user_id', 'status');
  await index('subscriptions', 'cart_id');
  await index('subscriptions', 'payment_id');
  await index('subscriptions', 'status', 'expires_at');

  // Scheduled jobs.
  await table('datacrons')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .execute();
  await db.schema
    .createTable('datacron_runs')
    .addColumn('id', 'integer', id)
    .addColumn('datacron_id', 'integer', (c) => c.notNull().references('datacrons.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull().defaultTo('schedule'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('error', 'text')
    .execute();
  await index('datacron_runs', 'datacron_id', 'started_at');

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!pg) await sql`drop table if exists vehicles_fts`.execute(db);
  for (const name of [
    'settings',
    'datacron_runs',
    'datacrons',
    'subscriptions',
    'payment_events',
    'payments',
    'cart_details',
    'carts',
    'cart_groups',
    'user_providers',
    'notification_preferences',
    'notifications',
    'vehicle_views',
    'favorites',
    'likes',
    'pictures',
    'vehicle_options',
    'vehicles',
    'external_identities',
    'process_ids',
    'one_time_codes',
    'refresh_tokens',
    'sessions',
    'user_roles',
    'users',
    'role_permissions',
    'permissions',
    'roles',
    'page_translations',
    'pages',
    'models',
    'makes',
    'colors',
    'currencies',
    'cities',
    'countries',
    'languages',
    'federers',
    'providers',
    'themes',
    'types',
    'options',
    'fuel_types',
    'transmissions',
    'categories',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
