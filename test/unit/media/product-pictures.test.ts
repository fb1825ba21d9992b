import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { drawingCodeSample, pictureVersion, pictureVersionOf, renderMedia, versionedPicturePath } from '../../../src/main/core/media/media.js';
import { colourOf, DRAWING_KINDS, drawingKindOf, drawingKindOfTitle, drawProduct } from '../../../src/main/core/media/product-drawings.js';
import { productPicture } from '../../../src/main/core/media/svg.js';
import { CATEGORIES } from '../../../src/main/core/products/marketplace/vocabulary.js';

/** The drawing alone: the picture's <g> group, without the colour fills that vary by product. */
function drawingOf(svg: string): string {
  const group = /<g[^>]*>([\s\S]*?)<\/g>/.exec(svg)?.[1] ?? '';
  return group.replace(/fill="[^"]*"/g, '').replace(/stroke="(?!#2f2d2a)[^"]*"/g, '');
}

describe('product pictures', () => {
  let core: Core;
  beforeAll(() => {
    core = openCore({ dataDir: ':memory:' });
  });
  afterAll(() => core.close());

  it('draws a different thing for each category (same colour, same title words aside)', () => {
    const drawings = CATEGORIES.map((category) =>
      drawingOf(productPicture({ title: 'Classic Item', category: category.name, colour: '#888888', hue: 0, view: 0 })),
    );
    expect(new Set(drawings).size).toBe(CATEGORIES.length);
    expect(drawingKindOf('Apparel', 'Classic Item')).not.toBe(drawingKindOf('Shoes', 'Classic Item'));
  });

  it('follows the title noun: a hoodie, a sneaker and a backpack are three drawings', () => {
    expect(drawingKindOf('Apparel', 'Oversized Hoodie')).toBe('hoodie');
    expect(drawingKindOf('Shoes', 'Retro Running Sneakers')).toBe('shoe');
    expect(drawingKindOf('Bags', 'Urban Backpack')).toBe('backpack');
    expect(drawingKindOf('Electronics', 'Slim Smart Watch')).toBe('watch');
    expect(drawingKindOf('Phone Accessories', 'Clear Phone Case')).toBe('phone');
  });

  it("draws every demo product as what its title names, never as its category's stand-in (the Cycling Gloves were a racket)", () => {
    const titles = core.ctx.db.prepare("SELECT DISTINCT title FROM products WHERE source = 'local'").pluck().all() as string[];
    expect(titles.length).toBeGreaterThan(20);
    expect(titles.filter((title) => drawingKindOfTitle(title) === null)).toEqual([]);
    expect(drawingKindOf('Sports', 'Vintage Cycling Gloves')).toBe('glove');
  });

  it('fills the drawing with the product colour its SKUs name', () => {
    expect(colourOf('Olive / M')).toBe('#6b7035');
    expect(colourOf('Sky Blue / 42')).toBe('#7fb8e6');
    expect(colourOf('Standard')).toBeNull();
    const olive = productPicture({ title: 'Hoodie', category: 'Apparel', colour: colourOf('Olive / M'), hue: 10, view: 0 });
    expect(olive).toContain('fill="#6b7035"');
  });

  it('gives the same product the same SVG every time, and each catalog product a drawing', () => {
    const ids = core.ctx.db.prepare('SELECT id FROM products ORDER BY id LIMIT 40').all() as { id: number }[];
    expect(ids.length).toBeGreaterThan(10);
    const kinds = new Set<string>();
    for (const { id } of ids) {
      const first = renderMedia(core.ctx, 'products', String(id), 0);
      expect(first).toMatch(/^<svg /);
      expect(renderMedia(core.ctx, 'products', String(id), 0)).toBe(first);
      expect(renderMedia(core.ctx, 'products', String(id), 1)).not.toBe(first);
      kinds.add(drawingOf(first!));
    }
    // Forty catalog products are not forty copies of one shape.
    expect(kinds.size).toBeGreaterThan(8);
  });
});

describe('a product picture\'s version (the ?v= of its URL)', () => {
  it('changes with each field the picture shows and with the view, and only with them', () => {
    const subject = { title: 'Lamp', category: 'home', firstSkuName: 'Red' };
    const base = pictureVersion(subject, 0);
    expect(pictureVersion({ ...subject }, 0)).toBe(base);
    for (const other of [{ ...subject, title: 'Lamp 2' }, { ...subject, category: 'garden' }, { ...subject, firstSkuName: 'Blue' }, { ...subject, firstSkuName: null }]) {
      expect(pictureVersion(other, 0)).not.toBe(base);
    }
    expect(pictureVersion(subject, 1)).not.toBe(base);
    expect(versionedPicturePath('/media/products/7/0.svg', 7, subject)).toBe(`/media/products/7/0.svg?v=${base}`);
    // Another product's path, or no product picture at all, is left as it is.
    expect(versionedPicturePath('/media/products/8/0.svg', 7, subject)).toBe('/media/products/8/0.svg');
    expect(versionedPicturePath('/media/inspection/PO1/0.svg', 7, subject)).toBe('/media/inspection/PO1/0.svg');
  });

  it("moves with any kind's drawing and with the kind a title is drawn as: a cached picture is never the old drawing", () => {
    // The digest draws every kind: a change to any one of them (a new glove) changes every URL.
    const sample = drawingCodeSample();
    for (const kind of DRAWING_KINDS) expect(sample, kind).toContain(drawProduct(kind, '#010203', '#040506', '#070809'));
    expect(DRAWING_KINDS).toContain('glove');
    // The same fields drawn as another kind (a title the list now maps elsewhere) get another version.
    const gloves = { title: 'Vintage Cycling Gloves', category: 'Sports', firstSkuName: null };
    expect(pictureVersionOf('d', 'glove', gloves, 0)).not.toBe(pictureVersionOf('d', 'racket', gloves, 0));
    expect(pictureVersionOf('d', 'glove', gloves, 0)).not.toBe(pictureVersionOf('e', 'glove', gloves, 0));
  });
});
