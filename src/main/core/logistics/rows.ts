import { Int, Nullable, Str, rowReader } from '../db/row-reader.js';

/** The channels table as SQLite hands it back, declared once and checked on every read (db/row-reader.ts). */
export const channelRows = rowReader('channels', {
  channel_id: Str,
  name: Str,
  carrier: Str,
  delivery_days: Str,
  supported_cargo: Str,
  min_weight_g: Int,
  max_weight_g: Int,
  countries: Str,
  first_weight_g: Int,
  first_price_minor: Int,
  step_weight_g: Int,
  step_price_minor: Int,
  volumetric_divisor: Nullable(Int),
  fuel_surcharge_bp: Int,
  active: Int,
  position: Int,
  max_declared_value_minor: Nullable(Int),
});
