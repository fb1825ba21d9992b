import type { CoreContext } from '../context.js';
import { hashText } from '../shared/random.js';
import { colourOf, DRAWING_KINDS, drawingKindOf, drawProduct, type DrawingKind } from './product-drawings.js';
import { inspectionPhotoRows, packagePhotoRows, pictureSubjectRows, rehearsalPhotoRows } from './rows.js';
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
 * What the drawing code draws, as a digest: every kind's drawing and a fixed subject from each angle
 * (the frame, the title, the shadow), drawn once per process. A change to any drawing (svg.ts or
 * product-drawings.ts) changes it, so every picture URL made after it is a new one. (It used to draw the
 * tote alone: a new glove drawing would have kept the URLs, and browsers the racket cached for good.)
 */
export function drawingCodeSample(): string {
  return [
    ...[0, 1, 2].map((view) => drawProductPicture({ title: 'Canvas tote bag', category: 'bags', firstSkuName: 'Navy blue' }, view)),
    ...DRAWING_KINDS.map((kind) => drawProduct(kind, '#010203', '#040506', '#070809')),
  ].join('\n');
}
let drawingDigest: string | null = null;
function drawingVersion(): string {
  drawingDigest ??= hashText(drawingCodeSample()).toString(36);
  return drawingDigest;
}

/**
 * The version a product picture's URL carries as `?v=`: the picture is a pure function of the drawing code
 * and these few fields, so the URL names these exact bytes and can be cached for good (`immutable`). A
 * renamed product, another data folder on the same port, or a new drawing gives another URL, and so does
 * another choice of drawing for the same title (the kind is part of it). Computed from the fields, not the
 * drawn SVG: a catalog page names up to six pictures of each of its products, and drawing each to hash it
 * would cost more than the rest of the request.
 */
export function pictureVersion(subject: PictureSubject, view: number): string {
  return pictureVersionOf(drawingVersion(), kindOf(subject), subject, view);
}

/**
 * The kind each subject is drawn as, found once per subject: a product view names up to six pictures of
 * one subject object, and the title's noun is found by trying ~25 patterns (~0.3 us).
 */
const kinds = new WeakMap<PictureSubject, DrawingKind>();
function kindOf(subject: PictureSubject): DrawingKind {
  let kind = kinds.get(subject);
  if (kind === undefined) {
    kind = drawingKindOf(subject.category, subject.title);
    kinds.set(subject, kind);
  }
  return kind;
}

export function pictureVersionOf(drawings: string, kind: DrawingKind, subject: PictureSubject, view: number): string {
  return hashText(`${drawings}\n${kind}\n${subject.title}\n${subject.category}\n${subject.firstSkuName ?? ''}\n${view}`).toString(36);
}

/** The digest of drawn bytes: the ETag of an image that has no version (inspection and parcel photos). */
export function pictureDigest(svg: string): string {
  return hashText(svg).toString(36);
}

const PRODUCT_PICTURE = /^\/media\/products\/([0-9]+)\/([0-9]{1,2})\.svg$/;

/** A product's picture path with the version of what it shows now; any other path as it is. */
export function versionedPicturePath(path: string, productId: number, subject: PictureSubject): string {
  const match = PRODUCT_PICTURE.exec(path);
  if (!match || Number(match[1]) !== productId) return path;
  return `${path}?v=${pictureVersion(subject, Number(match[2]))}`;
}

/** What a product's pictures show, read by its id; null for no such product. */
export function readPictureSubject(ctx: CoreContext, productId: number): PictureSubject | null {
  // The product's colour is its first SKU's (a product has at most a dozen SKUs: a bounded sort).
  const found = ctx.db
    .prepare(
      `SELECT p.title, p.category,
              (SELECT s.name FROM product_skus s WHERE s.product_id = p.id ORDER BY s.position, s.sku_id LIMIT 1) AS sku_name
         FROM products p WHERE p.id = ?`,
    )
    .get(productId);
  const row = pictureSubjectRows.one(found);
  return row ? { title: row.title, category: row.category, firstSkuName: row.sku_name } : null;
}

/** The largest view index of a product's pictures. */
export const MAX_PRODUCT_VIEW = 5;

/** Draws the image a media path names, from the data it shows; null when there is no such thing. */
export function renderMedia(ctx: CoreContext, kind: MediaKind, id: string, index: number): string | null {
  if (kind === 'products') {
    const subject = index > MAX_PRODUCT_VIEW ? null : readPictureSubject(ctx, Number(id));
    return subject === null ? null : drawProductPicture(subject, index);
  }
  if (kind === 'rehearsal') {
    const r = rehearsalPhotoRows.one(ctx.db.prepare('SELECT id, packed_weight_g, length_cm, width_cm, height_cm, packed_at FROM rehearsals WHERE id = ?').get(id));
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
    const p = packagePhotoRows.one(ctx.db.prepare('SELECT id, order_no, product_name, weight_g, arrived_at FROM packages WHERE id = ?').get(Number(id)));
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
  const order = inspectionPhotoRows.one(
    ctx.db
      .prepare(
        `SELECT o.order_no, o.inspection_weight_g, o.inspected_at, o.updated_at,
                (SELECT title FROM order_items WHERE order_no = o.order_no ORDER BY id LIMIT 1) AS title
           FROM orders o WHERE o.order_no = ?`,
      )
      .get(id),
  );
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
