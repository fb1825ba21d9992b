import type { CargoType } from './adapter.js';

/**
 * What the simulated marketplaces sell. Each category knows its goods, plausible prices (minor units),
 * unit weights (grams), cargo type and how its SKUs vary.
 */
export interface Category {
  name: string;
  nouns: string[];
  priceRange: [number, number];
  /** Goods whose plausible prices sit apart from the category's (drawn the same way, so nothing else moves). */
  nounPriceRanges?: Record<string, [number, number]>;
  weightRange: [number, number];
  cargoType: CargoType;
  /** SKU dimensions: each SKU picks one value from each. */
  variants: { label: string; values: string[] }[];
}

const COLORS = ['Black', 'White', 'Grey', 'Navy', 'Beige', 'Olive', 'Burgundy', 'Sky Blue', 'Pink', 'Cream'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44'];

export const CATEGORIES: Category[] = [
  { name: 'Apparel', nouns: ['Hoodie', 'T-Shirt', 'Windbreaker', 'Cargo Pants', 'Denim Jacket', 'Knit Sweater', 'Puffer Vest', 'Oxford Shirt'],
    priceRange: [3900, 39900], nounPriceRanges: { Hoodie: [5900, 25900] }, weightRange: [180, 900], cargoType: 'general',
    variants: [{ label: 'Color', values: COLORS }, { label: 'Size', values: SIZES }] },
  { name: 'Shoes', nouns: ['Running Sneakers', 'Canvas Shoes', 'Leather Loafers', 'Hiking Boots', 'Slides', 'Chelsea Boots'],
    priceRange: [5900, 69900], weightRange: [600, 1500], cargoType: 'general', variants: [{ label: 'Color', values: COLORS.slice(0, 6) }, { label: 'Size', values: SHOE_SIZES }] },
  { name: 'Bags', nouns: ['Backpack', 'Tote Bag', 'Crossbody Bag', 'Duffel Bag', 'Laptop Sleeve', 'Wallet'],
    priceRange: [2900, 49900], weightRange: [150, 1200], cargoType: 'general', variants: [{ label: 'Color', values: COLORS.slice(0, 7) }] },
  { name: 'Electronics', nouns: ['Bluetooth Earbuds', 'Power Bank 20000mAh', 'Mechanical Keyboard', 'Smart Watch', 'Portable Speaker', 'Wireless Mouse'],
    priceRange: [4900, 89900], weightRange: [80, 1100], cargoType: 'battery', variants: [{ label: 'Color', values: ['Black', 'White', 'Silver'] }, { label: 'Version', values: ['Standard', 'Pro'] }] },
  { name: 'Phone Accessories', nouns: ['Phone Case', 'USB-C Cable', 'GaN Charger 65W', 'Screen Protector', 'Magnetic Car Mount'],
    priceRange: [900, 15900], weightRange: [30, 250], cargoType: 'general', variants: [{ label: 'Model', values: ['iPhone 17', 'iPhone 17 Pro', 'Galaxy S26', 'Pixel 10'] }, { label: 'Color', values: ['Clear', 'Black', 'Blue'] }] },
  { name: 'Beauty', nouns: ['Face Serum', 'Lipstick Set', 'Perfume 50ml', 'Nail Polish Kit', 'Sunscreen SPF50'],
    priceRange: [2900, 29900], weightRange: [60, 400], cargoType: 'sensitive', variants: [{ label: 'Shade', values: ['01 Natural', '02 Rose', '03 Coral', '04 Berry'] }] },
  { name: 'Home', nouns: ['Ceramic Mug', 'LED Desk Lamp', 'Storage Box', 'Throw Blanket', 'Aroma Diffuser', 'Wall Clock'],
    priceRange: [1900, 25900], weightRange: [200, 2500], cargoType: 'general', variants: [{ label: 'Color', values: ['White', 'Black', 'Wood', 'Green'] }] },
  { name: 'Toys & Hobbies', nouns: ['Building Blocks Set', 'Anime Figure', 'Model Kit', 'Plush Toy', 'Puzzle 1000pc', 'Trading Card Box'],
    priceRange: [2900, 59900], weightRange: [150, 1800], cargoType: 'general', variants: [{ label: 'Edition', values: ['Standard', 'Deluxe', 'Collector'] }] },
  { name: 'Sports', nouns: ['Yoga Mat', 'Resistance Bands', 'Cycling Gloves', 'Badminton Racket', 'Water Bottle 1L'],
    priceRange: [1900, 39900], weightRange: [100, 2000], cargoType: 'general', variants: [{ label: 'Color', values: COLORS.slice(0, 5) }] },
  { name: 'Kitchen', nouns: ['Chef Knife', 'Cast Iron Pan', 'Tea Set', 'Bento Box', 'Pour-over Kettle'],
    priceRange: [2900, 45900], weightRange: [300, 3000], cargoType: 'general', variants: [{ label: 'Size', values: ['Small', 'Medium', 'Large'] }] },
];

export const ADJECTIVES = ['Oversized', 'Minimalist', 'Vintage', 'Premium', 'Lightweight', 'Waterproof', 'Classic', 'Streetwear',
  'Korean Style', 'Retro', 'Eco', 'Compact', 'Heavyweight', 'Limited', 'Unisex', 'Slim Fit'];

export const SHOP_WORDS = ['Studio', 'Factory Store', 'Flagship', 'Workshop', 'Select', 'Outlet', 'Official', 'Warehouse'];
export const SHOP_NAMES = ['Hangzhou', 'Guangzhou', 'Yiwu', 'Shenzhen', 'Putian', 'Dongguan', 'Ningbo', 'Xiamen', 'Suzhou', 'Chengdu',
  'Lotus', 'Panda', 'Jade', 'Red Lantern', 'Cloud', 'Dragon', 'Bamboo', 'Silk Road'];
