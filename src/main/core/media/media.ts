import type { CoreContext } from '../context.js';
import { hashText } from '../shared/random.js';
import { colourOf } from './product-drawings.js';
import { inspectionPhoto, productPicture } from './svg.js';

export const MEDIA_KINDS = ['products', 'inspection', 'rehearsal', 'package'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const productImagePath = (productId: number, view: number) => `/media/products/${productId}/${view}.svg`;
export const inspectionPhotoPath = (orderNo: string, index: number) => `/media/inspection/${orderNo}/${index}.svg`;
/** The packed parcel of a rehearsal (shipping/rehearsals.ts), drawn from its weight and dimensions. */
export const rehearsalPhotoPath = (rehearsalId: string, index: number) => `/media/rehearsal/${rehearsalId}/${index}.svg`;
/** A package's QC photo (v1.1): that line's product and that package's weight, not the whole order's. */
export const packagePhotoPath = (packageId: number, index: number) => `/media/package/${packageId}/${index}.svg`;
/** The highest photo index of an order's inspection: 0-9 at arrival, 10-99 for photos the user requested. */
export const MAX_PHOTO_INDEX = 99;

/** What a product's picture shows: its title, its category and the colour of its first SKU. */
export interface PictureSubject {
  title: string;
  category: string;
  firstSkuName: string | null;
}

/** A product's picture from one angle (`view`), drawn from what it shows. */
export function drawProductPicture(subject: PictureSubject, view: number): string {
  return productPicture({
    title: subject.title,
    category: subject.category,
    colour: colourOf(subject.firstSkuName ?? ''),
    hue: hashText(subject.category || subject.title),
    view,
  });
}

/**
 * The digest a picture's URL carries as `?v=`: the picture is a pure function of the product's data, so
 * the URL names these exact bytes and can be cached for good (`immutable`). A renamed product, another data
 * folder on the same port, or a new drawing gives other bytes, so another URL.
 */
export function pictureDigest(svg: string): string {
  return hashText(svg).toString(36);
}

const PRODUCT_PICTURE = /^\/media\/products\/([0-9]+)\/([0-9]{1,2})\.svg$/;

/** A product's picture path with the digest of what it shows now; any other path as it is. */
export function versionedPicturePath(path: string, productId: number, subject: PictureSubject): string {
  const match = PRODUCT_PICTURE.exec(path);
  if (!match || Number(match[1]) !== productId) return path;
  return `${path}?v=${pictureDigest(drawProductPicture(subject, Number(match[2])))}`;
}

/** Draws the image a media path names, from the data it shows; null when there is no such thing. */
export function renderMedia(ctx: CoreContext, kind: MediaKind, id: string, index: number): string | null {
  if (kind === 'products') {
    // The product's colour is its first SKU's (a product has at most a dozen SKUs: a bounded sort).
    const row = ctx.db
      .prepare(
        `SELECT p.title, p.category,
                (SELECT s.name FROM product_skus s WHERE s.product_id = p.id ORDER BY s.position, s.sku_id LIMIT 1) AS sku_name
           FROM products p WHERE p.id = ?`,
      )
      .get(Number(id)) as { title: string; category: string; sku_name: string | null } | undefined;
    if (!row || index > 5) return null;
    return drawProductPicture({ title: row.title, category: row.category, firstSkuName: row.sku_name }, index);
  }
  if (kind === 'rehearsal') {
    const r = ctx.db.prepare('SELECT id, packed_weight_g, length_cm, width_cm, height_cm, packed_at FROM rehearsals WHERE id = ?').get(id) as
      | { id: string; packed_weight_g: number | null; length_cm: number; width_cm: number; height_cm: number; packed_at: string | null }
      | undefined;
    if (!r || r.packed_weight_g === null || index > 9) return null;
    return inspectionPhoto({
      title: `Packed parcel ${r.length_cm} x ${r.width_cm} x ${r.height_cm} cm`,
      weightGrams: r.packed_weight_g,
      date: (r.packed_at ?? '').slice(0, 10),
      orderNo: r.id,
      index,
      hue: hashText(r.id),
    });
  }
  if (kind === 'package') {
    const p = ctx.db.prepare('SELECT id, order_no, product_name, weight_g, arrived_at FROM packages WHERE id = ?').get(Number(id)) as
      | { id: number; order_no: string; product_name: string; weight_g: number; arrived_at: string }
      | undefined;
    if (!p || !/^[0-9]+$/.test(id) || index > 9) return null;
    return inspectionPhoto({
      title: p.product_name,
      weightGrams: p.weight_g,
      date: p.arrived_at.slice(0, 10),
      orderNo: `${p.order_no} / package ${p.id}`,
      index,
      hue: hashText(p.product_name),
    });
  }
  const order = ctx.db
    .prepare(
      `SELECT o.order_no, o.inspection_weight_g, o.inspected_at, o.updated_at,
              (SELECT title FROM order_items WHERE order_no = o.order_no ORDER BY id LIMIT 1) AS title
         FROM orders o WHERE o.order_no = ?`,
    )
    .get(id) as { order_no: string; inspection_weight_g: number | null; inspected_at: string | null; updated_at: string; title: string } | undefined;
  if (!order || index > MAX_PHOTO_INDEX) return null;
  return inspectionPhoto({
    title: order.title,
    weightGrams: order.inspection_weight_g ?? 0,
    date: (order.inspected_at ?? order.updated_at).slice(0, 10),
    orderNo: order.order_no,
    index,
    hue: hashText(order.title),
  });
}
