import { Nullable, Str, pickColumns, withColumns } from '../db/row-reader.js';
import { orderRows } from '../orders/rows.js';
import { productRows } from '../products/rows.js';
import { rehearsalRows } from '../shipping/rows.js';
import { packageRows } from '../warehouse/rows.js';

/**
 * What the drawn pictures read of other domains' tables (db/row-reader.ts): each a few columns of that
 * table's own declaration, plus what the query computes. test/unit/db/row-readers.test.ts holds them to the
 * migrated schema.
 */

/** A product's picture: its title and category, and the name of its first SKU (its colour). */
export const pictureSubjectRows = withColumns(pickColumns(productRows, 'products (picture subject)', ['title', 'category']), 'products (picture subject)', {
  sku_name: Nullable(Str),
});

/** A packed rehearsal's parcel photo. */
export const rehearsalPhotoRows = pickColumns(rehearsalRows, 'rehearsals (photo)', ['id', 'packed_weight_g', 'length_cm', 'width_cm', 'height_cm', 'packed_at']);

/** A package's QC photo. */
export const packagePhotoRows = pickColumns(packageRows, 'packages (photo)', ['id', 'order_no', 'product_name', 'weight_g', 'arrived_at']);

/** An order's inspection photo, titled by its first line. */
export const inspectionPhotoRows = withColumns(
  pickColumns(orderRows, 'orders (inspection photo)', ['order_no', 'inspection_weight_g', 'inspected_at', 'updated_at']),
  'orders (inspection photo)',
  { title: Str },
);
