import type { CoreContext } from '../context.js';
import { isKnownCountry } from '../logistics/countries.js';
import { badRequest, notFound, unprocessable } from '../shared/errors.js';
import { requireDeliverableAddress } from './address-check.js';
import { addressRows, type AddressRow } from './rows.js';

/** Upper bounds on each text field (characters). The route schema enforces the same numbers. */
import { ADDRESS_LIMITS } from '../../../contract/limits.js';

export { ADDRESS_LIMITS };
/** Enough for any real address book; stops a runaway script from filling the database. */
import { MAX_ADDRESSES } from '../../../contract/limits.js';
import type { Address, AddressPatch, NewAddress } from '../../../contract/open/addresses.js';
export { MAX_ADDRESSES } from '../../../contract/limits.js';

const TEXT_FIELDS = ['name', 'phone', 'state', 'city', 'address', 'zipCode'] as const;
const REQUIRED_TEXT = new Set<string>(['name', 'phone', 'city', 'address', 'zipCode']);

function toView(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    zipCode: row.zip_code,
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
  };
}

/** Trims the text fields and checks what a schema cannot: no blank required field, a known country. */
function cleaned<T extends AddressPatch>(ctx: CoreContext, input: T): T {
  const out: AddressPatch = { ...input };
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (trimmed === '' && REQUIRED_TEXT.has(field)) throw badRequest(`${field} must not be blank`);
    out[field] = trimmed;
  }
  if (input.country !== undefined) {
    const code = input.country.trim().toUpperCase();
    if (!isKnownCountry(ctx, code)) throw badRequest(`country ${input.country} is not a known country code (see GET /logistics/countries)`);
    out.country = code;
  }
  return out as T;
}

function rows(ctx: CoreContext, userId: number): AddressRow[] {
  // Default first, then in the order they were saved: the order an address picker shows them in.
  return addressRows.all(ctx.db.prepare('SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id').all(userId));
}

function requireAddress(ctx: CoreContext, userId: number, id: number): AddressRow {
  const row = addressRows.one(ctx.db.prepare('SELECT * FROM addresses WHERE id = ? AND user_id = ?').get(id, userId));
  if (!row) throw notFound(`Address ${id} not found`);
  return row;
}

function clearDefault(ctx: CoreContext, userId: number): void {
  ctx.db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1').run(userId);
}

export function listAddresses(ctx: CoreContext, userId: number): Address[] {
  return rows(ctx, userId).map(toView);
}

export function getAddress(ctx: CoreContext, userId: number, id: number): Address {
  return toView(requireAddress(ctx, userId, id));
}

export function createAddress(ctx: CoreContext, userId: number, input: NewAddress): Address {
  const fields = cleaned(ctx, input);
  requireDeliverableAddress(fields);
  return ctx.db
    .transaction(() => {
      const count = (ctx.db.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?').get(userId) as { n: number }).n;
      if (count >= MAX_ADDRESSES) throw unprocessable(`An account can keep at most ${MAX_ADDRESSES} addresses; delete one first`);
      // The first address is the default whatever was asked: there must always be one.
      const isDefault = count === 0 || fields.isDefault === true;
      if (isDefault) clearDefault(ctx, userId);
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO addresses (user_id, name, phone, country, state, city, address, zip_code, is_default, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(userId, fields.name, fields.phone, fields.country, fields.state ?? '', fields.city, fields.address, fields.zipCode, isDefault ? 1 : 0, ctx.nowIso())
          .lastInsertRowid,
      );
      return getAddress(ctx, userId, id);
    })
    .immediate();
}

export function updateAddress(ctx: CoreContext, userId: number, id: number, patch: AddressPatch): Address {
  if (Object.values(patch).every((v) => v === undefined)) {
    throw badRequest('Send at least one of name, phone, country, state, city, address, zipCode, isDefault');
  }
  const fields = cleaned(ctx, patch);
  // The fields sent are checked before the address is looked up (a bad body is 400 whatever the id); the
  // postcode against the country once both are known (one of them may be the stored one).
  const { zipCode, country, ...rest } = fields;
  requireDeliverableAddress(rest);
  return ctx.db
    .transaction(() => {
      const row = requireAddress(ctx, userId, id);
      if (zipCode !== undefined || country !== undefined) requireDeliverableAddress({ zipCode: zipCode ?? row.zip_code, country: country ?? row.country });
      // Unsetting the default would leave the user without one; the way to move it is to set another.
      if (fields.isDefault === false && row.is_default === 1) {
        throw unprocessable(`Address ${id} is the default address; set isDefault: true on another address to change the default`);
      }
      if (fields.isDefault === true && row.is_default === 0) clearDefault(ctx, userId);
      ctx.db
        .prepare(
          `UPDATE addresses SET name = ?, phone = ?, country = ?, state = ?, city = ?, address = ?, zip_code = ?, is_default = ?
            WHERE id = ?`,
        )
        .run(
          fields.name ?? row.name,
          fields.phone ?? row.phone,
          fields.country ?? row.country,
          fields.state ?? row.state,
          fields.city ?? row.city,
          fields.address ?? row.address,
          fields.zipCode ?? row.zip_code,
          fields.isDefault === true ? 1 : row.is_default,
          id,
        );
      return getAddress(ctx, userId, id);
    })
    .immediate();
}

/** Deletes an address; when it was the default, the oldest remaining address becomes the default. */
export function deleteAddress(ctx: CoreContext, userId: number, id: number): { message: string } {
  return ctx.db
    .transaction(() => {
      const row = requireAddress(ctx, userId, id);
      ctx.db.prepare('DELETE FROM addresses WHERE id = ?').run(id);
      if (row.is_default === 0) return { message: `Address ${id} deleted` };
      const oldest = ctx.db.prepare('SELECT id FROM addresses WHERE user_id = ? ORDER BY created_at, id LIMIT 1').get(userId) as
        | { id: number }
        | undefined;
      if (!oldest) return { message: `Address ${id} deleted` };
      ctx.db.prepare('UPDATE addresses SET is_default = 1 WHERE id = ?').run(oldest.id);
      return { message: `Address ${id} deleted; address ${oldest.id} is now the default` };
    })
    .immediate();
}
